/** Names every object inherits; Node 20's Object.prototype, fixed here so output does not depend on the Node version. */
export const PROTOTYPE_NAMES: readonly string[] = [
  '__proto__',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
];

/** Object members lib.es5.d.ts declares (the inherited names without the `__` legacy accessors): every
 * object has them, so TypeScript checks them on literals that omit them. */
export const LIB_OBJECT_MEMBERS: readonly string[] = PROTOTYPE_NAMES.filter(
  (n) => !n.startsWith('__'),
);
