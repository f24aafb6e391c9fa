/**
 * JS source for JSON data written by this module (never by evaluating it): strings as JSON literals
 * with the two line terminators JSON leaves raw and `<` escaped; objects with `__proto__` keys written
 * as computed keys, because a plain `"__proto__": v` in an object literal sets the prototype instead
 * of creating the property the data has.
 */
import type { JsonValue } from '../../snapshot/types.js';

export function jsString(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029').replace(/</g, '\\u003c');
}

export function jsLiteral(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? jsString(value) : JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(jsLiteral).join(',')}]`;
  const entries = Object.entries(value).map(([key, v]) => `${key === '__proto__' ? `[${jsString(key)}]` : jsString(key)}:${jsLiteral(v)}`);
  return `{${entries.join(',')}}`;
}
