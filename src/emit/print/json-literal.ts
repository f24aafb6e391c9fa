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

/**
 * `jsLiteral`'s text when it is at most `budget` characters long, else undefined: found without
 * writing more of it than that, so that laying out a deep value does not write each level whole again.
 */
function flatWithin(
  value: JsonValue,
  named: NamedValues,
  syntax: Syntax,
  budget: number,
): string | undefined {
  if (value === null || typeof value !== 'object' || named.has(value)) {
    const text = jsLiteral(value, named, syntax);
    return text.length <= budget ? text : undefined;
  }
  const array = Array.isArray(value);
  const parts: string[] = [];
  let length = 2; // the brackets
  for (const [key, item] of array ? value.map((v) => [undefined, v] as const) : members(value)) {
    const head = `${parts.length > 0 ? ',' : ''}${key === undefined ? '' : `${keyOf(key, syntax)}:`}`;
    const text = flatWithin(item, named, syntax, budget - length - head.length);
    if (text === undefined) return undefined;
    parts.push(head, text);
    length += head.length + text.length;
  }
  if (length > budget) return undefined;
  return array ? `[${parts.join('')}]` : `{${parts.join('')}}`;
}

/** Widest a literal is written on one line; a longer one is laid out one member a line. */
const FLAT_WIDTH = 100;

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
  if (value === null || typeof value !== 'object' || named.has(value))
    return jsLiteral(value, named, syntax);
  const flat = flatWithin(value, named, syntax, FLAT_WIDTH - indent.length);
  if (flat !== undefined) return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((v) => `${inner}${jsLiteralLines(v, inner, named, syntax)}`)
    : members(value).map(
        ([key, v]) => `${inner}${keyOf(key, syntax)}: ${jsLiteralLines(v, inner, named, syntax)}`,
      );
  if (lines.length === 0) return jsLiteral(value, named, syntax);
  return Array.isArray(value)
    ? `[\n${lines.join(',\n')}\n${indent}]`
    : `{\n${lines.join(',\n')}\n${indent}}`;
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
