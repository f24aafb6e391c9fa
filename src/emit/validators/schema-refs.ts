/**
 * Ajv embeds the whole schema as `const schemaN = {...}` whenever a keyword reads a value from it at
 * run time (an enum to loop over, a `type` list or `const` for error params), then refers to
 * `schemaN.properties.a.enum`. This keeps only the values read: each distinct path becomes
 * `const schemaN_i = <value>`, written by jsLiteral (so a `__proto__` key stays a key). Works on the
 * masked code (skeleton.ts); a reference to a schema it did not see declared leaves the code as is.
 */
import type { JsonValue } from '../../snapshot/types.js';
import { jsLiteral } from './literal.js';
import { unmaskLiterals } from './skeleton.js';

const DECLARATION = /^const (schema\d+) = (.+);$/gm;
// A reference: not a property access (`data.schema0` is a property called schema0), then a path of
// `.name`, `[0]` or `["masked name"]` steps.
const REFERENCE = /(?<![\w$.])(schema\d+)((?:\.[A-Za-z_$][\w$]*|\[(?:\d+|\u0000\d+\u0000)\])*)/g;
const STEP = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[\u0000(\d+)\u0000\]/g;

export function inlineSchemaRefs(skeleton: string, literals: readonly string[]): string | undefined {
  const roots = new Map<string, JsonValue>();
  for (const [, name, value] of skeleton.matchAll(DECLARATION)) {
    try {
      roots.set(name!, JSON.parse(unmaskLiterals(value!, literals)) as JsonValue);
    } catch {
      return undefined;
    }
  }
  if (roots.size === 0) return skeleton;

  const constants = new Map<string, { root: string; name: string; value: JsonValue }>(); // "schema0.a.b" → constant
  const counts = new Map<string, number>();
  const order: string[] = [];
  let failed = false;
  // Declarations become `\u0000d<i>\u0000` markers (no "schema" in them, so REFERENCE skips them).
  const withoutDeclarations = skeleton.replace(DECLARATION, (_line, name: string) => `\u0000d${order.push(name) - 1}\u0000`);
  const replaced = withoutDeclarations.replace(REFERENCE, (whole, root: string, path: string) => {
    const found = roots.has(root) ? resolve(roots.get(root)!, path, literals) : undefined;
    if (found === undefined) {
      failed = true;
      return whole;
    }
    // Keyed by the unmasked text: each occurrence of a literal has its own placeholder.
    const key = unmaskLiterals(`${root}${path.slice(0, path.length - found.rest.length)}`, literals);
    let constant = constants.get(key);
    if (constant === undefined) {
      const n = counts.get(root) ?? 0;
      counts.set(root, n + 1);
      constant = { root, name: `${root}_${n}`, value: found.value };
      constants.set(key, constant);
    }
    return `${constant.name}${found.rest}`;
  });
  if (failed) return undefined;
  return replaced.replace(/\u0000d(\d+)\u0000\n?/g, (_m, index: string) => {
    const root = order[Number(index)];
    const lines = [...constants.values()].filter((c) => c.root === root).map((c) => `const ${c.name} = ${jsLiteral(c.value)};\n`);
    return lines.join('');
  });
}

/**
 * The value at the longest prefix of `path` that steps through own JSON properties, and the rest of
 * the path (left as property accesses on the constant: `.length`, or a step into a prototype).
 */
function resolve(root: JsonValue, path: string, literals: readonly string[]): { value: JsonValue; rest: string } | undefined {
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
      ? typeof key === 'number' && key < current.length ? current[key] : undefined
      : Object.hasOwn(current, key) ? current[String(key)] : undefined;
    if (next === undefined) break;
    current = next;
    consumed = step.index + step[0].length;
  }
  return { value: current, rest: path.slice(consumed) };
}
