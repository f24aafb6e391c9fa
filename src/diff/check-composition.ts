import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { typesDisjoint } from './check-types.js';
import { isObject, jsonEqual } from './json.js';
import { rule } from './rules.js';
import type { Checker, Comparer, Context, SchemaChange, Side } from './schema-context.js';
import { HANDLED, unionOf } from './schema-keywords.js';

/**
 * `anyOf`/`oneOf` branches. Input: every base branch must be accepted by some head branch. Output:
 * every head branch must be allowed by some base branch. Equal or reordered unions report nothing.
 */
export function compareUnion(
  c: Comparer,
  baseBranches: JsonValue[],
  headBranches: JsonValue[],
  atB: (i: number) => string,
  atH: (j: number) => string,
  ctx: Context,
): void {
  // A `false` branch matches nothing, so it is dropped; indices stay the original ones for pointers.
  // (The error-code rules blank out envelope branches this way before calling us.)
  const live = (list: JsonValue[], side: Side) =>
    list
      .map((node, index) => ({ node, index }))
      .filter((x) => c.resolveSide(x.node, side) !== false);
  const bl = live(baseBranches, 'base');
  const hl = live(headBranches, 'head');
  if (bl.length === hl.length) {
    const aligned = bl.map((b, k) => c.trial(b.node, hl[k]!.node, atH(hl[k]!.index), ctx));
    if (aligned.every((t) => safe(t.changes))) return aligned.forEach((t) => commit(t, ctx));
  }
  const input = c.direction === 'input';
  const needs = input ? bl : hl;
  const offers = input ? hl : bl;
  const matches: Context[] = [];
  const used = new Set<number>();
  const uncovered: number[] = [];
  needs.forEach((_, n) => {
    // Try the branch at the same position first: editing in place is more common than reordering.
    const order = [n, ...offers.keys()].filter(
      (o, k, all) => o < offers.length && all.indexOf(o) === k,
    );
    for (const o of order) {
      const [b, h] = input ? [bl[n]!, hl[o]!] : [bl[o]!, hl[n]!];
      const t = c.trial(b.node, h.node, atH(h.index), ctx);
      if (safe(t.changes)) {
        matches.push(t);
        used.add(o);
        return;
      }
    }
    uncovered.push(n);
  });
  if (uncovered.length > 0 && bl.length === hl.length) {
    // Same shape, some branch changed: the pairwise findings say precisely what.
    bl.forEach((b, k) => c.compare(b.node, hl[k]!.node, atH(hl[k]!.index), ctx));
    return;
  }
  matches.forEach((t) => commit(t, ctx));
  for (const n of uncovered) {
    const need = needs[n]!;
    const disjoint = offers.every((o) =>
      input ? typesDisjoint(c, need.node, o.node) : typesDisjoint(c, o.node, need.node),
    );
    if (input) {
      if (disjoint) c.narrow('type', atB(need.index), ctx, need.node, null);
      else c.emit(ctx, c.unprovable(), atB(need.index), need.node, null);
    } else if (disjoint) c.widen('type', atH(need.index), ctx, null, need.node);
    else c.emit(ctx, c.unprovable(), atH(need.index), null, need.node);
  }
  offers.forEach((offer, o) => {
    if (used.has(o)) return;
    if (input) c.widen('alternative', atH(offer.index), ctx, null, offer.node);
    else c.narrow('alternative', atB(offer.index), ctx, offer.node, null);
  });
}

/**
 * A union on one side only (or anyOf against oneOf). A plain schema is a union of one branch, so
 * branch sets are compared (see unionView); anything else is a warning. Returns 'done' when the
 * nodes are fully compared, 'reported' when the union keywords are settled but the rest is not.
 */
export function compareOneSidedUnion(
  c: Comparer,
  b: JsonObject,
  h: JsonObject,
  ptr: string,
  ctx: Context,
  compareMetadata: () => void,
): 'done' | 'reported' {
  const ub = unionOf(b);
  const uh = unionOf(h);
  const oneSided = !ub || !uh;
  const bl = oneSided ? unionView(c, b, 'base') : undefined;
  const hl = oneSided ? unionView(c, h, 'head') : undefined;
  if (bl && hl) {
    compareMetadata();
    compareUnion(
      c,
      bl,
      hl,
      (i) => (ub ? `${ptr}/${ub.keyword}/${i}` : ptr),
      (j) => (uh ? `${ptr}/${uh.keyword}/${j}` : ptr),
      ctx,
    );
    return 'done';
  }
  const keyword = uh?.keyword ?? ub!.keyword;
  c.emit(
    ctx,
    c.unprovable(),
    `${ptr}/${keyword}`,
    ub ? b[ub.keyword]! : null,
    uh ? h[uh.keyword]! : null,
  );
  return 'reported';
}

/** allOf: pairwise when the lists line up, otherwise equal-as-a-set or a warning. */
export const compareAllOf: Checker = (c, b, h, ptr, ctx) => {
  const lb = Array.isArray(b.allOf) ? b.allOf : undefined;
  const lh = Array.isArray(h.allOf) ? h.allOf : undefined;
  if (!lb && !lh) return;
  const at = `${ptr}/allOf`;
  if (lb && lh && lb.length === lh.length) {
    const aligned = lb.map((branch, i) => c.trial(branch, lh[i]!, `${at}/${i}`, ctx));
    if (aligned.every((t) => t.changes.length === 0)) return;
    const permuted = lb.every((branch) =>
      lh.some((other, j) => c.trial(branch, other, `${at}/${j}`, ctx).changes.length === 0),
    );
    if (permuted) return;
    lb.forEach((branch, i) => c.compare(branch, lh[i]!, `${at}/${i}`, ctx));
    return;
  }
  c.emit(ctx, c.unprovable(), at, lb ?? null, lh ?? null);
};

/**
 * A node as a list of union branches: a plain schema is one branch; `{S, anyOf: [B1, B2]}` is
 * `[S∧B1, S∧B2]` when S and each Bi do not disagree on a keyword (then it is a shallow merge).
 * Undefined when that does not hold: the caller falls back to a warning.
 */
function unionView(c: Comparer, node: JsonObject, side: Side): JsonValue[] | undefined {
  const union = unionOf(node);
  const siblings = Object.fromEntries(
    Object.entries(node).filter(
      ([k]) => HANDLED.has(k) && k !== union?.keyword && k !== '$defs' && k !== 'definitions',
    ),
  );
  if (!union) return [c.memo(node, siblings)];
  if (Object.keys(siblings).length === 0) return union.branches;
  const view: JsonValue[] = [];
  for (const branch of union.branches) {
    const resolved = c.resolveSide(branch, side);
    if (resolved === false) view.push(false);
    else if (resolved === true) view.push(siblings);
    else if (!isObject(resolved) || typeof resolved.$ref === 'string') return undefined;
    else if (
      Object.keys(siblings).some(
        (k) => resolved[k] !== undefined && !jsonEqual(resolved[k], siblings[k]),
      )
    )
      return undefined;
    else view.push({ ...siblings, ...resolved });
  }
  return view;
}

/** A union branch is covered when comparing it found nothing worse than info. */
function safe(changes: SchemaChange[]): boolean {
  return changes.every((ch) => rule(ch.id).level === 'info');
}

/** Keep a trial's findings and visited pairs. */
function commit(trial: Context, into: Context): void {
  into.changes.push(...trial.changes);
  for (const [b, heads] of trial.visited) {
    let set = into.visited.get(b);
    if (!set) into.visited.set(b, (set = new Set()));
    heads.forEach((h) => set.add(h));
  }
}
