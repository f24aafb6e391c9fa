import type { JsonObject, JsonValue } from '../snapshot/types.js';
import type { Checker, Comparer, Context } from './schema-context.js';
import {
  boundKeywords,
  compareBounds,
  compareMultipleOf,
  numericBound,
} from './schema-keywords.js';

const num = (v: JsonValue | undefined) => (typeof v === 'number' ? v : undefined);

/** `minimum`/`maximum`/`exclusiveMinimum`/`exclusiveMaximum` (number or draft-04 boolean) and `multipleOf`. */
export const compareNumbers: Checker = (c, b, h, ptr, ctx) => {
  for (const side of ['lower', 'upper'] as const) {
    const order = compareBounds(numericBound(b, side), numericBound(h, side), side);
    if (order === 0) continue;
    const keys =
      side === 'lower' ? ['exclusiveMinimum', 'minimum'] : ['exclusiveMaximum', 'maximum'];
    const key =
      keys.find((k) => typeof h[k] === 'number') ??
      keys.find((k) => b[k] !== undefined) ??
      keys[1]!;
    const args = [`${ptr}/${key}`, ctx, boundKeywords(b, side), boundKeywords(h, side)] as const;
    if (order < 0) c.narrow('constraint', ...args);
    else c.widen('constraint', ...args);
  }
  const multiple = compareMultipleOf(num(b.multipleOf), num(h.multipleOf));
  if (multiple < 0)
    c.narrow('constraint', `${ptr}/multipleOf`, ctx, b.multipleOf ?? null, h.multipleOf ?? null);
  if (multiple > 0)
    c.widen('constraint', `${ptr}/multipleOf`, ctx, b.multipleOf ?? null, h.multipleOf ?? null);
};

/**
 * A pair of count bounds (`minLength`/`maxLength`, `minItems`/`maxItems`, ...): a higher minimum
 * or a lower maximum rejects more. An absent minimum is 0, an absent maximum unbounded.
 */
export function compareCounts(
  c: Comparer,
  b: JsonObject,
  h: JsonObject,
  ptr: string,
  ctx: Context,
  lower: string,
  upper: string,
): void {
  const minB = num(b[lower]) ?? 0;
  const minH = num(h[lower]) ?? 0;
  if (minH > minB)
    c.narrow('constraint', `${ptr}/${lower}`, ctx, b[lower] ?? null, h[lower] ?? null);
  else if (minH < minB)
    c.widen('constraint', `${ptr}/${lower}`, ctx, b[lower] ?? null, h[lower] ?? null);
  const maxB = num(b[upper]) ?? Infinity;
  const maxH = num(h[upper]) ?? Infinity;
  if (maxH < maxB)
    c.narrow('constraint', `${ptr}/${upper}`, ctx, b[upper] ?? null, h[upper] ?? null);
  else if (maxH > maxB)
    c.widen('constraint', `${ptr}/${upper}`, ctx, b[upper] ?? null, h[upper] ?? null);
}
