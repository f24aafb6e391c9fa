import type { JsonObject } from '../snapshot/types.js';
import { compareCounts } from './check-numbers.js';
import { jsonEqual } from './json.js';
import type { Checker } from './schema-context.js';

/** `items`/`prefixItems`/`additionalItems` (2020-12 and draft-07 tuples), `minItems`/`maxItems`, `minContains`/`maxContains`, `uniqueItems`. */
export const compareArrays: Checker = (c, b, h, ptr, ctx) => {
  compareCounts(c, b, h, ptr, ctx, 'minItems', 'maxItems');
  compareCounts(c, b, h, ptr, ctx, 'minContains', 'maxContains');
  if ((b.uniqueItems === true) !== (h.uniqueItems === true)) {
    const args = [`${ptr}/uniqueItems`, ctx, b.uniqueItems ?? null, h.uniqueItems ?? null] as const;
    if (h.uniqueItems === true) c.narrow('constraint', ...args);
    else c.widen('constraint', ...args);
  }
};

/** The item schemas: tuple positions pairwise, then the schema for the remaining items. */
export const compareItems: Checker = (c, b, h, ptr, ctx) => {
  const tupleB = Array.isArray(b.prefixItems)
    ? b.prefixItems
    : Array.isArray(b.items)
      ? b.items
      : undefined;
  const tupleH = Array.isArray(h.prefixItems)
    ? h.prefixItems
    : Array.isArray(h.items)
      ? h.items
      : undefined;
  const tupleKey =
    Array.isArray(h.prefixItems) || (!tupleH && Array.isArray(b.prefixItems))
      ? 'prefixItems'
      : 'items';
  if (tupleB || tupleH) {
    if (!tupleB || !tupleH || tupleB.length !== tupleH.length) {
      if (!jsonEqual(tupleB, tupleH))
        c.emit(ctx, c.unprovable(), `${ptr}/${tupleKey}`, tupleB ?? null, tupleH ?? null);
    } else {
      tupleB.forEach((item, i) => c.compare(item, tupleH[i]!, `${ptr}/${tupleKey}/${i}`, ctx));
    }
  }
  // The schema for the remaining items: `items` (2020-12, or draft-07 without a tuple) or draft-07's `additionalItems`.
  const restKey = (node: JsonObject) =>
    Array.isArray(node.prefixItems)
      ? 'items'
      : Array.isArray(node.items)
        ? 'additionalItems'
        : 'items';
  const restB = b[restKey(b)];
  const restH = h[restKey(h)];
  if (restB === undefined && restH === undefined) return;
  c.compare(restB ?? true, restH ?? true, `${ptr}/${restKey(h)}`, ctx);
};
