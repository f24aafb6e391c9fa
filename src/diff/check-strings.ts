import { compareCounts } from './check-numbers.js';
import { jsonEqual } from './json.js';
import type { Checker } from './schema-context.js';

/** `minLength`/`maxLength`, `pattern` and `format`. */
export const compareStringKeywords: Checker = (c, b, h, ptr, ctx) => {
  compareCounts(c, b, h, ptr, ctx, 'minLength', 'maxLength');
  // Adding a pattern or format only rejects; dropping one only accepts; editing one is anyone's guess.
  for (const key of ['pattern', 'format']) {
    const before = b[key];
    const after = h[key];
    if (jsonEqual(before, after)) continue;
    const at = `${ptr}/${key}`;
    if (before === undefined) c.narrow('constraint', at, ctx, null, after!);
    else if (after === undefined) c.widen('constraint', at, ctx, before, null);
    else c.emit(ctx, c.unprovable(), at, before, after);
  }
};
