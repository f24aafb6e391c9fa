import type { JsonValue } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';

/** JSON text with object keys sorted: equal values give equal text whatever order a server wrote keys in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys((value ?? null) as JsonValue));
}

/**
 * Deep equality that ignores object key order (array order still counts); an `undefined` member
 * equals a missing one. Written as plain loops: it runs over every unchanged tool of a catalog.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  const arrayA = Array.isArray(a);
  if (arrayA !== Array.isArray(b)) return false;
  if (arrayA) {
    const as = a as unknown[];
    const bs = b as unknown[];
    if (as.length !== bs.length) return false;
    for (let i = 0; i < as.length; i++) if (!jsonEqual(as[i], bs[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let members = 0;
  for (const key in ao) {
    const value = ao[key];
    if (value === undefined) continue;
    members++;
    if (!Object.prototype.hasOwnProperty.call(bo, key) || !jsonEqual(value, bo[key])) return false;
  }
  for (const key in bo) if (bo[key] !== undefined) members--;
  return members === 0;
}

export { isObject } from '../shared/json.js';

/**
 * A value as one short line for a message. JSON quoting also neutralises control characters,
 * so a server-provided string cannot break a line or smuggle terminal escapes into a report.
 */
export function brief(value: unknown, max = 80): string {
  if (value === undefined || value === null) return 'none';
  const text = JSON.stringify(value) ?? String(value);
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A finding's before/after: absent is `null` in the report. */
export function present(value: unknown): JsonValue {
  return value === undefined ? null : (value as JsonValue);
}
