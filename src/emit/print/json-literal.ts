/**
 * JS source for JSON data written by this module (never by evaluating it): strings as JSON literals
 * with the two line terminators JSON leaves raw and `<` escaped; objects with `__proto__` keys written
 * as computed keys, because a plain `"__proto__": v` in an object literal sets the prototype instead
 * of creating the property the data has.
 */
import { escapeJsonText } from '../../shared/hidden-text.js';
import type { JsonValue } from '../../snapshot/types.js';

export function jsString(text: string): string {
  return JSON.stringify(text)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
    .replace(/</g, '\\u003c');
}

// As JSON.stringify: an undefined member is left out of an object and is null in an array.
const members = (value: { [key: string]: JsonValue }) =>
  Object.entries(value).filter(([, v]) => v !== undefined);

/** Objects written as a name rather than spelled out: a binding the caller declares, holding that value. */
export type NamedValues = ReadonlyMap<object, string>;
const NO_NAMES: NamedValues = new Map();

/** A JS object literal's key, or (`json`) a JSON text's, where `__proto__` is a key like any other. */
type Syntax = 'js' | 'json';
const keyOf = (key: string, syntax: Syntax) =>
  key === '__proto__' && syntax === 'js' ? `[${jsString(key)}]` : jsString(key);

function jsLiteral(value: JsonValue, named: NamedValues, syntax: Syntax): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object')
    return typeof value === 'string' ? jsString(value) : JSON.stringify(value);
  const name = named.get(value);
  if (name !== undefined) return name;
  if (Array.isArray(value)) return `[${value.map((v) => jsLiteral(v, named, syntax)).join(',')}]`;
  const entries = members(value).map(
    ([key, v]) => `${keyOf(key, syntax)}:${jsLiteral(v, named, syntax)}`,
  );
  return `{${entries.join(',')}}`;
}

/** Widest a literal is written on one line; a longer one is laid out one member a line. */
const FLAT_WIDTH = 100;

/**
 * `jsLiteral` of an object or array if it is at most `budget` characters, else undefined. It stops
 * as soon as the text is too long: jsLiteralLines asks this at every level of a nested schema, and
 * writing each subtree out whole at each level made it quadratic in the depth.
 */
function flatWithin(
  value: JsonValue[] | { [key: string]: JsonValue },
  named: NamedValues,
  syntax: Syntax,
  budget: number,
): string | undefined {
  if (budget < 2) return undefined; // not even `{}` fits: an empty one is written by the caller
  const isArray = Array.isArray(value);
  const parts: string[] = [];
  let length = 2;
  for (const [key, v] of isArray ? value.map((v, i) => [i, v] as const) : members(value)) {
    let part: string | undefined;
    if (v !== null && typeof v === 'object' && !named.has(v))
      part = flatWithin(v, named, syntax, budget - length);
    else part = jsLiteral(v, named, syntax);
    if (part === undefined) return undefined;
    if (!isArray) part = `${keyOf(key as string, syntax)}:${part}`;
    length += part.length + (parts.length > 0 ? 1 : 0);
    if (length > budget) return undefined;
    parts.push(part);
  }
  return isArray ? `[${parts.join(',')}]` : `{${parts.join(',')}}`;
}

/**
 * `jsLiteral`, laid out for diffs: a value that fits in FLAT_WIDTH characters stays on one line,
 * a longer object or array gets one member a line (indented two spaces a level), so a one-keyword
 * change in an embedded schema is a one-line change in validators.ts. Written directly, not by prettier.
 * A value in `named` is written as its name.
 */
export function jsLiteralLines(
  value: JsonValue,
  indent = '',
  named: NamedValues = NO_NAMES,
  syntax: Syntax = 'js',
): string {
  const lines: string[] = [];
  layOut(value, { indent, named, syntax, lines }, '', '');
  return lines.join('\n');
}

interface Layout {
  readonly indent: string;
  readonly named: NamedValues;
  readonly syntax: Syntax;
  /** The lines written so far, shared by every level: each line is built once, at its own depth. */
  readonly lines: string[];
}

/** Writes `value` as lines, the first after `head` (an indent and key), the last before `tail` (a comma). */
function layOut(value: JsonValue, at: Layout, head: string, tail: string): void {
  const { indent, named, syntax, lines } = at;
  if (value === null || typeof value !== 'object' || named.has(value)) {
    lines.push(`${head}${jsLiteral(value, named, syntax)}${tail}`);
    return;
  }
  const flat = flatWithin(value, named, syntax, FLAT_WIDTH - indent.length);
  const entries: Array<readonly [string, JsonValue]> = Array.isArray(value)
    ? value.map((v) => ['', v] as const)
    : members(value).map(([key, v]) => [`${keyOf(key, syntax)}: `, v] as const);
  if (flat !== undefined || entries.length === 0) {
    lines.push(`${head}${flat ?? jsLiteral(value, named, syntax)}${tail}`);
    return;
  }
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  const inner = { ...at, indent: `${indent}  ` };
  lines.push(`${head}${open}`);
  for (let i = 0; i < entries.length; i++) {
    const [key, v] = entries[i]!;
    layOut(v, inner, `${inner.indent}${key}`, i < entries.length - 1 ? ',' : '');
  }
  lines.push(`${indent}${close}${tail}`);
}

/**
 * A function returning `value` as JSON text, laid out as `jsLiteralLines` lays out a literal:
 * `() => String.raw\`{...}\``. The text between the backticks is the JSON itself (String.raw keeps
 * its escapes as written), but for a backtick and `${`, which only occur inside JSON strings and are
 * written as JSON escapes (`\u0060`, `$\u007b`) so that the template cannot end or interpolate, as
 * are hidden characters (bidi controls, zero-width), so that the text reads as it parses. A
 * function, because a bundler keeps a tagged template it does not call (String.raw might have side
 * effects) but drops an unused arrow; and text, because TypeScript types an object literal member by
 * member (most of a large client's type-checking time) and a string not at all.
 */
export function jsonTextThunk(value: JsonValue): string {
  const text = escapeJsonText(jsLiteralLines(value, '', NO_NAMES, 'json'))
    .replace(/`/g, '\\u0060')
    .replace(/\$\{/g, '$\\u007b');
  return `() => String.raw\`${text}\``;
}
