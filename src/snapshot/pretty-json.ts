import type { JsonValue } from '../shared/json.js';

/** Where a tool schema's root definitions stand: snapshot → tools → tool → schema → `$defs` → entry. */
const DEFINITION_DEPTH = 5;

/**
 * `JSON.stringify(value, null, 2)` at `indent` into `out`, but an object `known` has a text for is
 * written as that text. Only the levels above the definitions are walked here; below them the
 * built-in writer writes each value whole.
 */
export function writePretty(
  value: JsonValue,
  indent: string,
  out: string[],
  known: (value: object, indent: string) => string | undefined,
  depth = 0,
): void {
  if (value === null || typeof value !== 'object') return void out.push(JSON.stringify(value));
  const text = known(value, indent);
  if (text !== undefined) return void out.push(text);
  if (depth >= DEFINITION_DEPTH)
    return void out.push(indented(JSON.stringify(value, null, 2), indent));
  const inner = `${indent}  `;
  const array = Array.isArray(value);
  const keys = array ? value.map((_, i) => i) : Object.keys(value);
  let first = true;
  for (const key of keys) {
    const item = (value as Record<string | number, JsonValue | undefined>)[key];
    // As the built-in writer: `undefined` is `null` in a list, and left out of an object.
    if (item === undefined && !array) continue;
    out.push(first ? `${array ? '[' : '{'}\n${inner}` : `,\n${inner}`);
    first = false;
    if (!array) out.push(`${JSON.stringify(key)}: `);
    if (item === undefined) out.push('null');
    else writePretty(item, inner, out, known, depth + 1);
  }
  out.push(first ? (array ? '[]' : '{}') : `\n${indent}${array ? ']' : '}'}`);
}

// Text written at `indent`: JSON text has a line break only between tokens, never inside a string.
export const indented = (text: string, indent: string) =>
  indent === '' ? text : text.replaceAll('\n', `\n${indent}`);
