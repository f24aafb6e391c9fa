/**
 * Ajv embeds the whole schema as `const schemaN = {...}` whenever a keyword reads a value from it at
 * run time (an enum to loop over, a `type` list or `const` for error params), then refers to
 * `schemaN.properties.a.enum`. This keeps only the values read: each distinct path becomes
 * `const schemaN_i = <value>`, written by jsLiteralLines (so a `__proto__` key stays a key, and a long
 * value is one member a line: a one-keyword change is a one-line diff). Works on the
 * masked code (skeleton.ts); a reference to a schema it did not see declared leaves the code as is.
 * A `properties` map read only by `hasOwnProperty` (Ajv's `additionalProperties` check) keeps only its keys.
 */
import type { JsonValue } from '../../snapshot/types.js';
import { jsLiteralLines } from './literal.js';
import { unmaskLiterals } from './skeleton.js';

const DECLARATION = /^const (schema\d+) = (.+);$/gm;
// A reference: not a property access (`data.schema0` is a property called schema0), then a path of
// `.name`, `[0]` or `["masked name"]` steps.
const REFERENCE = /(?<![\w$.])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:\d+|\u0000\d+\u0000)\])*)/g;
const STEP = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[\u0000(\d+)\u0000\]/g;

export function inlineSchemaRefs(
  skeleton: string,
  literals: readonly string[],
): string | undefined {
  const roots = new Map<string, JsonValue>();
  for (const [, name, value] of skeleton.matchAll(DECLARATION)) {
    try {
      roots.set(name!, JSON.parse(unmaskLiterals(value!, literals)) as JsonValue);
    } catch {
      return undefined;
    }
  }
  if (roots.size === 0) return skeleton;

  const constants = new Map<
    string,
    { root: string; name: string; value: JsonValue; keysOnly: boolean }
  >(); // "schema0.a.b" → constant
  // Ajv's `additionalProperties` check reads a `properties` map only through `hasOwnProperty.call(map, key)`.
  const hasOwn = new Set(
    [...skeleton.matchAll(/^const (func\d+) = Object\.prototype\.hasOwnProperty;$/gm)].map(
      (m) => m[1]!,
    ),
  );
  const counts = new Map<string, number>();
  const order: string[] = [];
  let failed = false;
  // Declarations become `\u0000d<i>\u0000` markers (no "schema" in them, so REFERENCE skips them).
  const withoutDeclarations = skeleton.replace(
    DECLARATION,
    (_line, name: string) => `\u0000d${order.push(name) - 1}\u0000`,
  );
  const replaced = withoutDeclarations.replace(
    REFERENCE,
    (whole: string, root: string, path: string, offset: number, text: string) => {
      const found = roots.has(root) ? resolve(roots.get(root)!, path, literals) : undefined;
      if (found === undefined) {
        failed = true;
        return whole;
      }
      // Keyed by the unmasked text: each occurrence of a literal has its own placeholder.
      const key = unmaskLiterals(
        `${root}${path.slice(0, path.length - found.rest.length)}`,
        literals,
      );
      let constant = constants.get(key);
      if (constant === undefined) {
        const n = counts.get(root) ?? 0;
        counts.set(root, n + 1);
        constant = { root, name: `${root}_${n}`, value: found.value, keysOnly: true };
        constants.set(key, constant);
      }
      if (!(found.rest === '' && isKeyLookup(text, offset, offset + whole.length, hasOwn)))
        constant.keysOnly = false;
      return `${constant.name}${found.rest}`;
    },
  );
  if (failed) return undefined;
  return replaced.replace(/\u0000d(\d+)\u0000\n?/g, (_m, index: string) => {
    const root = order[Number(index)];
    const lines = [...constants.values()]
      .filter((c) => c.root === root)
      .map((c) => `const ${c.name} = ${jsLiteralLines(c.keysOnly ? keysOf(c.value) : c.value)};\n`);
    return lines.join('');
  });
}

/**
 * The value at the longest prefix of `path` that steps through own JSON properties, and the rest of
 * the path (left as property accesses on the constant: `.length`, or a step into a prototype).
 */
function resolve(
  root: JsonValue,
  path: string,
  literals: readonly string[],
): { value: JsonValue; rest: string } | undefined {
  let current: JsonValue = root;
  let consumed = 0;
  for (const step of path.matchAll(STEP)) {
    const [, name, index, literal] = step;
    let key: string | number;
    if (name !== undefined) key = name;
    else if (index !== undefined) key = Number(index);
    else {
      let parsed: unknown;
      try {
        parsed = JSON.parse(literals[Number(literal)]!);
      } catch {
        return undefined; // not a JSON string: not Ajv's shape
      }
      if (typeof parsed !== 'string') return undefined;
      key = parsed;
    }
    if (current === null || typeof current !== 'object') break;
    const next: JsonValue | undefined = Array.isArray(current)
      ? typeof key === 'number' && key < current.length
        ? current[key]
        : undefined
      : Object.hasOwn(current, key)
        ? current[String(key)]
        : undefined;
    if (next === undefined) break;
    current = next;
    consumed = step.index + step[0].length;
  }
  return { value: current, rest: path.slice(consumed) };
}

/** Whether the reference at [start, end) is the map of `funcN.call(<map>, keyN)`, funcN being hasOwnProperty. */
function isKeyLookup(
  text: string,
  start: number,
  end: number,
  hasOwn: ReadonlySet<string>,
): boolean {
  const before = /(func\d+)\.call\($/.exec(text.slice(Math.max(0, start - 24), start));
  return before !== null && hasOwn.has(before[1]!) && /^, key\d+\)/.test(text.slice(end, end + 24));
}

/**
 * A map only looked up by key keeps its keys, each `true`: the subschemas under them are never read,
 * and without them a keyword change deep inside is no change here (smaller code, smaller diffs).
 */
function keysOf(value: JsonValue): JsonValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value))
    Object.defineProperty(out, key, {
      value: true,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return out;
}
