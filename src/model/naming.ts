import { shortHash } from '../shared/hash.js';
import { PROTOTYPE_NAMES } from '../shared/object-members.js';

/**
 * Identifiers from untrusted names. Every identifier in generated code goes through here, so a
 * server cannot inject code or produce a broken name: the output is always [A-Za-z_$][A-Za-z0-9_$]*.
 */

/** Split into words at separators, case changes and digit runs: `API-getUser2` → API, get, User2. */
export function words(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** `get-sum` → `GetSum`; a name with no usable letters gets a stable hash-based name. */
export function pascalCase(name: string, fallback = 'Item'): string {
  const w = words(name);
  const joined = w.map(capitalize).join('') || `${fallback}${shortHash(name)}`;
  // A letter after digits is upper case: json-schema-to-typescript re-cases type names that way,
  // and our names must pass through it unchanged.
  const safe = joined.replace(
    /(\d)([a-z])/g,
    (_, digit: string, letter: string) => digit + letter.toUpperCase(),
  );
  return /^[0-9]/.test(safe) ? `${fallback}${safe}` : safe;
}

/** `API-get-user` → `apiGetUser`. */
export function camelCase(name: string, fallback = 'item'): string {
  const pascal = pascalCase(name, capitalize(fallback));
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** Words that cannot name a type or a binding, or that would shadow a global the generated code uses. */
export const RESERVED_TYPE_NAMES = new Set([
  // TypeScript keywords and primitive type names
  'any',
  'unknown',
  'never',
  'void',
  'null',
  'undefined',
  'object',
  'string',
  'number',
  'boolean',
  'symbol',
  'bigint',
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'type',
  'as',
  'infer',
  'is',
  'keyof',
  'readonly',
  'declare',
  'module',
  'namespace',
  'satisfies',
  'asserts',
  'global',
  'require',
  'arguments',
  'eval',
  // Globals the generated code (or its readers) rely on
  'Array',
  'ArrayBuffer',
  'Boolean',
  'Date',
  'Error',
  'Function',
  'JSON',
  'Map',
  'Math',
  'Number',
  'Object',
  'Partial',
  'Pick',
  'Omit',
  'Promise',
  'PromiseLike',
  'Readonly',
  'ReadonlyArray',
  'Record',
  'RegExp',
  'Required',
  'Set',
  'String',
  'Symbol',
  'TypeError',
  'Uint8Array',
  'URL',
  'Exclude',
  'Extract',
  'NonNullable',
  'ReturnType',
  'Awaited',
  'Infinity',
  'NaN',
  'Iterable',
  'WeakMap',
  'WeakSet',
  'BigInt',
  'Proxy',
  'Reflect',
  'globalThis',
  'console',
  'process',
  // A module exporting `then` is thenable: `await import()` of it would call the tool function.
  'then',
  // Parameters of the generated functions and methods: a tool function so named would be shadowed in client.ts.
  'client',
  'input',
  'options',
]);

/** Members a generated client class already has, or that every object has. */
export const RESERVED_MEMBER_NAMES = new Set([
  ...PROTOTYPE_NAMES,
  'prototype',
  'then',
  'client',
  'options',
  'callTool',
  'readResource',
  'getPrompt',
  'tools',
]);

/**
 * Hands out unique names. Callers claim names in a deterministic order (sorted by the raw
 * server name), so the result does not depend on the order the server listed things in.
 */
export class NamePlanner {
  private readonly taken = new Set<string>();
  constructor(private readonly reserved: ReadonlySet<string> = new Set()) {}

  /** `base` if free, else `base2`, `base3`, … */
  claim(base: string): string {
    let candidate = this.reserved.has(base) ? `${base}_` : base;
    for (let n = 2; this.taken.has(candidate); n++) candidate = `${base}${n}`;
    this.taken.add(candidate);
    return candidate;
  }

  reserve(name: string): void {
    this.taken.add(name);
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }
}
