/** Object members lib.es5.d.ts declares: every object has them, so TypeScript checks them on literals that omit them. */
export const LIB_OBJECT_MEMBERS: readonly string[] = [
  'constructor',
  'toString',
  'toLocaleString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
];
