import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { isObject } from './json.js';
import type { Checker, Comparer, Context, Side } from './schema-context.js';
import { allowedValues, declaredTypes, typeCovered, typeList, unionOf } from './schema-keywords.js';

/** `type` (with `nullable`). Returns true when the types do not overlap at all: one finding says it, the rest would be noise. */
export function compareTypes(
  c: Comparer,
  tb: Set<string> | undefined,
  th: Set<string> | undefined,
  ptr: string,
  ctx: Context,
): boolean {
  if (tb === undefined && th === undefined) return false;
  const lost = tb === undefined ? th !== undefined : [...tb].some((t) => !typeCovered(th, t));
  const gained = th === undefined ? tb !== undefined : [...th].some((t) => !typeCovered(tb, t));
  const at = `${ptr}/type`;
  const before = typeList(tb);
  const after = typeList(th);
  // One finding for a type change, classified by the direction that matters for this side.
  const input = c.direction === 'input';
  const breaking = input ? lost : gained;
  const harmless = input ? gained : lost;
  if (breaking)
    input ? c.narrow('type', at, ctx, before, after) : c.widen('type', at, ctx, before, after);
  else if (harmless)
    input ? c.widen('type', at, ctx, before, after) : c.narrow('type', at, ctx, before, after);
  if (tb === undefined || th === undefined) return false;
  return ![...tb].some((t) => typeCovered(th, t)) && ![...th].some((t) => typeCovered(tb, t));
}

/** `enum` and `const`, compared as sets of canonical values. */
export const compareValues: Checker = (c, b, h, ptr, ctx) => {
  const vb = allowedValues(b);
  const vh = allowedValues(h);
  if (!vb && !vh) return;
  const keyword =
    h.const !== undefined || (vh === undefined && b.const !== undefined) ? 'const' : 'enum';
  const at = `${ptr}/${keyword}`;
  if (!vb) return c.narrow('enum', at, ctx, null, [...vh!.values()]);
  if (!vh) return c.widen('enum', at, ctx, [...vb.values()], null);
  for (const key of [...vb.keys()].sort(compareStrings))
    if (!vh.has(key)) c.narrow('enum-value', at, ctx, vb.get(key)!, null);
  for (const key of [...vh.keys()].sort(compareStrings))
    if (!vb.has(key)) c.widen('enum-value', at, ctx, null, vh.get(key)!);
};

/** The type list of a node whose union branches are all bare `{type}` schemas. */
export function foldedTypes(c: Comparer, node: JsonObject, side: Side): Set<string> | undefined {
  const union = unionOf(node);
  if (!union || union.branches.length === 0) return undefined;
  const types = new Set<string>();
  for (const branch of union.branches) {
    const resolved = c.resolveSide(branch, side);
    if (
      !isObject(resolved) ||
      !Object.keys(resolved).every((k) => k === 'type' || k === 'nullable')
    )
      return undefined;
    const declared = declaredTypes(resolved);
    if (!declared) return undefined;
    declared.forEach((t) => types.add(t));
  }
  return types;
}

/** True when two schemas declare types and no type of one is accepted by the other. */
export function typesDisjoint(c: Comparer, baseNode: JsonValue, headNode: JsonValue): boolean {
  const ra = c.resolveSide(baseNode, 'base');
  const rb = c.resolveSide(headNode, 'head');
  if (!isObject(ra) || !isObject(rb)) return false;
  const ta = declaredTypes(ra) ?? foldedTypes(c, ra, 'base');
  const tb = declaredTypes(rb) ?? foldedTypes(c, rb, 'head');
  if (!ta || !tb) return false;
  return ![...ta].some((t) => typeCovered(tb, t)) && ![...tb].some((t) => typeCovered(ta, t));
}

/** The types of `a` that `b` accepts; an absent list accepts everything. */
export function intersect(
  a: Set<string> | undefined,
  b: Set<string> | undefined,
): Set<string> | undefined {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((t) => typeCovered(b, t)));
}
