import { pointerToken } from '../shared/pointer.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { isObject, jsonEqual } from './json.js';
import type { Checker, Comparer, Context } from './schema-context.js';
import { HANDLED, UNPROVABLE } from './schema-keywords.js';

/**
 * Keywords compared only for equality: `not`, `if`/`then`/`else`, `patternProperties`, ... A change
 * there cannot be classified without a solver, so it is a warning, never silence.
 */
export const compareUnprovable: Checker = (c, b, h, ptr, ctx) => {
  for (const keyword of UNPROVABLE) {
    if (
      (b[keyword] !== undefined || h[keyword] !== undefined) &&
      !same(c, b[keyword], h[keyword], `${ptr}/${keyword}`, ctx)
    ) {
      c.emit(ctx, c.unprovable(), `${ptr}/${keyword}`, b[keyword] ?? null, h[keyword] ?? null);
    }
  }
};

/** `default`: for an input, clients that omit the value get different behaviour; for an output it is documentation. */
export const compareDefault: Checker = (c, b, h, ptr, ctx) => {
  if (jsonEqual(b.default, h.default)) return;
  const id =
    c.direction === 'input' ? 'tool-input-default-changed' : 'tool-schema-metadata-changed';
  c.emit(ctx, id, `${ptr}/default`, b.default ?? null, h.default ?? null);
};

/** Every keyword the comparison does not handle (`description`, `title`, `examples`, unknown ones). */
export const compareMetadata: Checker = (c, b, h, ptr, ctx) => {
  const keys = new Set([...Object.keys(b), ...Object.keys(h)]);
  for (const key of [...keys].sort(compareStrings)) {
    if (HANDLED.has(key)) continue;
    if (!jsonEqual(b[key], h[key]))
      c.emit(
        ctx,
        'tool-schema-metadata-changed',
        `${ptr}/${pointerToken(key)}`,
        b[key] ?? null,
        h[key] ?? null,
      );
  }
};

/** Equal as schemas: no finding of any level when compared (after resolving $refs). */
function same(
  c: Comparer,
  b: JsonValue | undefined,
  h: JsonValue | undefined,
  ptr: string,
  ctx: Context,
): boolean {
  if (jsonEqual(b, h) && !c.hasRef(b) && !c.hasRef(h)) return true;
  if (b === undefined || h === undefined) return false;
  if (isObject(b) && isObject(h) && !looksLikeSchema(b) && !looksLikeSchema(h)) {
    // A map of schemas (patternProperties, dependentSchemas): same keys, same schemas.
    const keys = Object.keys(b);
    return (
      keys.length === Object.keys(h).length &&
      keys.every((k) => h[k] !== undefined && c.trial(b[k]!, h[k]!, ptr, ctx).changes.length === 0)
    );
  }
  return c.trial(b, h, ptr, ctx).changes.length === 0;
}

const SCHEMA_HINTS = new Set([
  'type',
  '$ref',
  'properties',
  'items',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'required',
]);
function looksLikeSchema(value: JsonObject): boolean {
  return Object.keys(value).some((k) => SCHEMA_HINTS.has(k));
}
