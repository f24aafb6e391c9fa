/**
 * The run-time helpers Ajv's standalone code `require`s, as ESM source to inline into the emitted
 * module: exactly those a module uses, once each. Ported from ajv 8.20 (`dist/runtime/ucs2length`,
 * `dist/runtime/equal` = fast-deep-equal 3, both MIT); the ajv-formats ones are in format-helpers.ts.
 * test/validators-helpers.test.ts checks each port against the installed original.
 */
import { FORMAT_HELPERS, formatUse } from './format-helpers.js';
import type { Helper } from './inlined-helper.js';

// The two forms compact.ts folds Ajv's repeated "append an error" block into; both end by appending `error`.
const APPEND_ERROR = `  if (list === null) return [error];
  list.push(error);
  return list;
}`;

const ADD_ERROR: Helper = {
  name: '$addError',
  deps: [],
  source: `// Appends one Ajv error object to the list (null until the first error).
function $addError(list: object[] | null, instancePath: string, keyword: string, params: object, message: string): object[] {
  const error = { instancePath, keyword, params, message };
${APPEND_ERROR}`,
};

const ADD_ERROR_OBJECT: Helper = {
  name: '$addErrorObject',
  deps: [],
  source: `// Appends an Ajv error object built by Ajv itself.
function $addErrorObject(list: object[] | null, error: object): object[] {
${APPEND_ERROR}`,
};

const UCS2LENGTH: Helper = {
  name: '$ucs2length',
  deps: [],
  source: `// String length in code points, as JSON Schema counts it (surrogate pairs count once).
function $ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  while (pos < len) {
    length++;
    const value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len && (str.charCodeAt(pos) & 0xfc00) === 0xdc00) pos++;
  }
  return length;
}`,
};

const EQUAL: Helper = {
  name: '$equal',
  deps: [],
  source: `// Deep equality for const, enum and uniqueItems (fast-deep-equal 3).
function $equal(a: any, b: any): boolean {
  if (a === b) return true;
  if (a && b && typeof a == 'object' && typeof b == 'object') {
    if (a.constructor !== b.constructor) return false;
    if (Array.isArray(a)) {
      if (a.length != b.length) return false;
      for (let i = a.length; i-- !== 0; ) if (!$equal(a[i], b[i])) return false;
      return true;
    }
    if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    for (let i = keys.length; i-- !== 0; ) if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;
    for (let i = keys.length; i-- !== 0; ) if (!$equal(a[keys[i]], b[keys[i]])) return false;
    return true;
  }
  return a !== a && b !== b; // both NaN
}`,
};

/** Every helper in declaration order (dependencies first), so the emitted order never depends on use order. */
const ORDER: readonly Helper[] = [
  ADD_ERROR,
  ADD_ERROR_OBJECT,
  UCS2LENGTH,
  EQUAL,
  ...FORMAT_HELPERS,
];
const BY_NAME = new Map(ORDER.map((h) => [h.name, h]));

const RUNTIME: Readonly<Record<string, Helper>> = {
  'require("ajv/dist/runtime/ucs2length").default': UCS2LENGTH,
  'require("ajv/dist/runtime/equal").default': EQUAL,
};

// Ajv writes `require("ajv-formats/dist/formats").fullFormats` followed by `.name` or `["name"]`.
const FORMAT_REQUIRE =
  /^require\("ajv-formats\/dist\/formats"\)\.fullFormats(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])$/;

export interface HelperUse {
  /** The expression to use instead of the `require(...)`. */
  readonly expression: string;
  /** Helper names it needs (without their dependencies). */
  readonly helpers: readonly string[];
}

/** What replaces one `require(...)...` expression from Ajv's standalone code; undefined when it is not one we inline. */
export function resolveRequire(code: string): HelperUse | undefined {
  const runtime = RUNTIME[code];
  if (runtime !== undefined) return { expression: runtime.name, helpers: [runtime.name] };
  const match = FORMAT_REQUIRE.exec(code);
  if (match === null) return undefined;
  const name = match[1] ?? (JSON.parse(match[2]!) as string);
  const use = formatUse(name);
  if (use === undefined) return undefined;
  return { expression: use.expression, helpers: use.helpers.map((h) => h.name) };
}

/** The source declaring `names` and everything they depend on, each once, in a fixed order. */
export function helperSource(names: Iterable<string>): string {
  const needed = new Set<string>();
  const add = (name: string): void => {
    const helper = BY_NAME.get(name);
    if (helper === undefined || needed.has(name)) return;
    needed.add(name);
    helper.deps.forEach(add);
  };
  for (const name of names) add(name);
  return ORDER.filter((h) => needed.has(h.name))
    .map((h) => h.source)
    .join('\n\n');
}
