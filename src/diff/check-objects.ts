import { pointerToken } from '../shared/pointer.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { compareCounts } from './check-numbers.js';
import { isObject, jsonEqual } from './json.js';
import type { Checker } from './schema-context.js';

/** `properties` with `required`, and `minProperties`/`maxProperties`. */
export const compareProperties: Checker = (c, b, h, ptr, ctx) => {
  compareCounts(c, b, h, ptr, ctx, 'minProperties', 'maxProperties');
  const propsB = isObject(b.properties) ? b.properties : {};
  const propsH = isObject(h.properties) ? h.properties : {};
  const reqB = requiredSet(b);
  const reqH = requiredSet(h);
  const names = new Set([...Object.keys(propsB), ...reqB, ...Object.keys(propsH), ...reqH]);
  if (names.size === 0) return;
  const input = c.direction === 'input';
  const own = Object.prototype.hasOwnProperty;
  for (const name of [...names].sort(compareStrings)) {
    const inB = own.call(propsB, name) || reqB.has(name);
    const inH = own.call(propsH, name) || reqH.has(name);
    const at = `${ptr}/properties/${pointerToken(name)}`;
    const schemaB = own.call(propsB, name) ? propsB[name]! : true;
    const schemaH = own.call(propsH, name) ? propsH[name]! : true;
    if (inB && inH) {
      if (!reqB.has(name) && reqH.has(name)) {
        c.emit(
          ctx,
          input ? 'tool-input-property-became-required' : 'tool-output-narrowed',
          at,
          'optional',
          'required',
        );
      } else if (reqB.has(name) && !reqH.has(name)) {
        c.emit(
          ctx,
          input ? 'tool-input-relaxed' : 'tool-output-property-became-optional',
          at,
          'required',
          'optional',
        );
      }
      c.compare(schemaB, schemaH, at, ctx);
    } else if (inB) {
      const id = input
        ? 'tool-input-property-removed'
        : reqB.has(name)
          ? 'tool-output-required-property-removed'
          : 'tool-output-property-removed';
      c.emit(ctx, id, at, schemaB, null);
    } else {
      const id = input
        ? reqH.has(name)
          ? 'tool-input-required-property-added'
          : 'tool-input-property-added'
        : 'tool-output-property-added';
      c.emit(ctx, id, at, null, schemaH);
    }
  }
};

/** `additionalProperties`: `false` closes the object, a schema constrains the undeclared ones. */
export const compareAdditionalProperties: Checker = (c, b, h, ptr, ctx) => {
  const ab = b.additionalProperties;
  const ah = h.additionalProperties;
  if (jsonEqual(ab, ah) && !c.hasRef(ab) && !c.hasRef(ah)) return;
  const at = `${ptr}/additionalProperties`;
  const open = (v: JsonValue | undefined) =>
    v === undefined || v === true || (isObject(v) && Object.keys(v).length === 0);
  if (open(ab) && open(ah)) return;
  const before = ab ?? null;
  const after = ah ?? null;
  if (ah === false) return c.narrow('closed', at, ctx, before, after);
  if (ab === false) return c.widen(open(ah) ? 'closed' : 'constraint', at, ctx, before, after);
  if (open(ab)) return c.narrow('constraint', at, ctx, before, after);
  if (open(ah)) return c.widen('constraint', at, ctx, before, after);
  c.compare(ab!, ah!, at, ctx);
};

function requiredSet(node: JsonObject): Set<string> {
  return new Set(
    Array.isArray(node.required)
      ? node.required.filter((r): r is string => typeof r === 'string')
      : [],
  );
}
