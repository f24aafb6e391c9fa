import { derefSchema } from '../schema/refs.js';
import { MAX_JSON_DEPTH } from '../shared/json.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { pointerToken } from '../shared/pointer.js';
import { isObject, jsonEqual } from './json.js';
import { rule } from './rules.js';
import {
  HANDLED,
  LOWER_BOUNDS,
  UNPROVABLE,
  UPPER_BOUNDS,
  allowedValues,
  boundKeywords,
  compareBounds,
  compareMultipleOf,
  declaredTypes,
  numericBound,
  typeCovered,
  typeList,
  unionOf,
} from './schema-keywords.js';

/**
 * Directional structural comparison of two JSON Schemas.
 *
 * `input`: contravariant. The head schema must accept every value the base schema accepted;
 * accepting fewer is breaking, accepting more is info.
 * `output`: covariant. The head schema must only produce values the base schema allowed;
 * allowing more is breaking, allowing fewer is info.
 *
 * What cannot be proven either way (a `pattern` edit, `not`, `if`/`then`/`else`, an unmatched
 * union branch, an unresolvable `$ref`) is a warning, never silence.
 */
export type Direction = 'input' | 'output';

export interface SchemaChange {
  id: string;
  pointer: string;
  before: JsonValue;
  after: JsonValue;
}

/** How a keyword change moves the set of valid values. */
type Category = 'type' | 'enum-value' | 'enum' | 'constraint' | 'closed' | 'alternative';

const NARROW: Record<Direction, Record<Category, string>> = {
  input: {
    type: 'tool-input-type-narrowed',
    'enum-value': 'tool-input-enum-value-removed',
    enum: 'tool-input-type-narrowed',
    constraint: 'tool-input-constraint-tightened',
    closed: 'tool-input-additional-properties-disallowed',
    alternative: 'tool-input-schema-changed',
  },
  output: {
    type: 'tool-output-narrowed',
    'enum-value': 'tool-output-narrowed',
    enum: 'tool-output-narrowed',
    constraint: 'tool-output-narrowed',
    closed: 'tool-output-narrowed',
    alternative: 'tool-output-narrowed',
  },
};

const WIDEN: Record<Direction, Record<Category, string>> = {
  input: {
    type: 'tool-input-relaxed',
    'enum-value': 'tool-input-relaxed',
    enum: 'tool-input-relaxed',
    constraint: 'tool-input-relaxed',
    closed: 'tool-input-relaxed',
    alternative: 'tool-input-relaxed',
  },
  output: {
    type: 'tool-output-type-widened',
    'enum-value': 'tool-output-enum-value-added',
    enum: 'tool-output-type-widened',
    constraint: 'tool-output-constraint-relaxed',
    closed: 'tool-output-constraint-relaxed',
    alternative: 'tool-output-schema-changed',
  },
};

/** Visited (base node, head node) pairs: a pair is compared once, so `$ref` cycles terminate. */
type PairSet = Map<object, Set<object>>;
type Side = 'base' | 'head';

interface Context {
  changes: SchemaChange[];
  visited: PairSet;
  /** Set while trying a union match: lookups fall through to the parent, results are committed or dropped. */
  parent?: Context;
}

export interface CompareInput {
  direction: Direction;
  base: JsonValue;
  head: JsonValue;
  /** Where `base`/`head` sit in their tool, e.g. `/inputSchema`. */
  pointer: string;
  /** The documents local `$ref`s resolve against (the whole inputSchema/outputSchema). */
  baseRoot: JsonValue;
  headRoot: JsonValue;
}

export function compareSchemas(input: CompareInput): SchemaChange[] {
  const comparer = new SchemaComparer(input.direction, input.baseRoot, input.headRoot);
  const ctx: Context = { changes: [], visited: new Map() };
  comparer.compare(input.base, input.head, input.pointer, ctx);
  return ctx.changes;
}

class SchemaComparer {
  private readonly resolvedBase = new WeakMap<object, JsonValue>();
  private readonly resolvedHead = new WeakMap<object, JsonValue>();
  private readonly refMemo = new WeakMap<object, boolean>();

  constructor(
    private readonly direction: Direction,
    private readonly baseRoot: JsonValue,
    private readonly headRoot: JsonValue,
  ) {}

  compare(baseNode: JsonValue, headNode: JsonValue, ptr: string, ctx: Context): void {
    // Reading bounds JSON nesting, but `$ref` chains (A → B → … through properties) nest without it:
    // past the bound only equality is certain, and anything else is reported as a change we cannot prove safe.
    if (pointerDepth(ptr) > MAX_JSON_DEPTH) {
      if (this.hasRef(baseNode) || this.hasRef(headNode) || !jsonEqual(baseNode, headNode)) this.emit(ctx, this.unprovable(), ptr, baseNode, headNode);
      return;
    }
    let b = this.resolve(baseNode, this.baseRoot, this.resolvedBase);
    let h = this.resolve(headNode, this.headRoot, this.resolvedHead);
    if (b === false && h === false) return;
    if (h === false) return this.narrow('type', ptr, ctx, b, false);
    if (b === false) return this.widen('type', ptr, ctx, false, h);
    if (b === true) b = {};
    if (h === true) h = {};
    if (!isObject(b) || !isObject(h)) {
      // Not a schema (a server bug): nothing to reason about, so only equality is certain.
      if (!jsonEqual(b, h)) this.emit(ctx, this.unprovable(), ptr, b, h);
      return;
    }
    if (this.seen(ctx, b, h)) return;
    this.mark(ctx, b, h);
    if (!this.hasRef(b) && !this.hasRef(h) && jsonEqual(b, h)) return;
    if (typeof b.$ref === 'string' || typeof h.$ref === 'string') {
      // Still a $ref after resolution: remote, missing or a pure cycle. Equal text is all we can know.
      if (!jsonEqual(b, h)) this.emit(ctx, this.unprovable(), `${ptr}/$ref`, b.$ref ?? null, h.$ref ?? null);
      return;
    }
    this.compareObjects(b, h, ptr, ctx);
  }

  private compareObjects(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const ub = unionOf(b);
    const uh = unionOf(h);
    const foldB = this.foldedTypes(b, 'base');
    const foldH = this.foldedTypes(h, 'head');
    // Pure type unions (`anyOf: [{type: string}, {type: null}]`) are a type list in disguise.
    const fold = (foldB !== undefined || !ub) && (foldH !== undefined || !uh) && (foldB !== undefined || foldH !== undefined);
    let unionsHandled = fold;
    if (!fold && (ub || uh) && ub?.keyword !== uh?.keyword) {
      // A union on one side only: a plain schema is a union of one branch, so compare branch sets
      // (see unionView for union nodes with other keywords). anyOf vs oneOf is left to the warning.
      const oneSided = !ub || !uh;
      const bl = oneSided ? this.unionView(b, 'base') : undefined;
      const hl = oneSided ? this.unionView(h, 'head') : undefined;
      if (bl && hl) {
        this.compareMetadata(b, h, ptr, ctx);
        this.compareUnion(
          bl,
          hl,
          (i) => (ub ? `${ptr}/${ub.keyword}/${i}` : ptr),
          (j) => (uh ? `${ptr}/${uh.keyword}/${j}` : ptr),
          ctx,
        );
        return;
      }
      const keyword = uh?.keyword ?? ub!.keyword;
      this.emit(ctx, this.unprovable(), `${ptr}/${keyword}`, ub ? b[ub.keyword]! : null, uh ? h[uh.keyword]! : null);
      unionsHandled = true;
    }

    const typesB = fold ? intersect(declaredTypes(b), foldB) : declaredTypes(b);
    const typesH = fold ? intersect(declaredTypes(h), foldH) : declaredTypes(h);
    if (this.compareTypes(typesB, typesH, ptr, ctx)) return;
    this.compareValues(b, h, ptr, ctx);
    this.compareConstraints(b, h, ptr, ctx);
    this.compareProperties(b, h, ptr, ctx);
    this.compareAdditionalProperties(b, h, ptr, ctx);
    this.compareItems(b, h, ptr, ctx);
    if (!unionsHandled && ub && uh) {
      this.compareUnion(ub.branches, uh.branches, (i) => `${ptr}/${ub.keyword}/${i}`, (j) => `${ptr}/${uh.keyword}/${j}`, ctx);
    }
    this.compareAllOf(b, h, ptr, ctx);
    for (const keyword of UNPROVABLE) {
      if ((b[keyword] !== undefined || h[keyword] !== undefined) && !this.same(b[keyword], h[keyword], `${ptr}/${keyword}`, ctx)) {
        this.emit(ctx, this.unprovable(), `${ptr}/${keyword}`, b[keyword] ?? null, h[keyword] ?? null);
      }
    }
    if (!jsonEqual(b.default, h.default)) {
      const id = this.direction === 'input' ? 'tool-input-default-changed' : 'tool-schema-metadata-changed';
      this.emit(ctx, id, `${ptr}/default`, b.default ?? null, h.default ?? null);
    }
    this.compareMetadata(b, h, ptr, ctx);
  }

  /** Returns true when the types do not overlap at all: one finding says it, the rest would be noise. */
  private compareTypes(tb: Set<string> | undefined, th: Set<string> | undefined, ptr: string, ctx: Context): boolean {
    if (tb === undefined && th === undefined) return false;
    const lost = tb === undefined ? th !== undefined : [...tb].some((t) => !typeCovered(th, t));
    const gained = th === undefined ? tb !== undefined : [...th].some((t) => !typeCovered(tb, t));
    const at = `${ptr}/type`;
    const before = typeList(tb);
    const after = typeList(th);
    // One finding for a type change, classified by the direction that matters for this side.
    const breaking = this.direction === 'input' ? lost : gained;
    const harmless = this.direction === 'input' ? gained : lost;
    if (breaking) this.direction === 'input' ? this.narrow('type', at, ctx, before, after) : this.widen('type', at, ctx, before, after);
    else if (harmless) this.direction === 'input' ? this.widen('type', at, ctx, before, after) : this.narrow('type', at, ctx, before, after);
    if (tb === undefined || th === undefined) return false;
    return ![...tb].some((t) => typeCovered(th, t)) && ![...th].some((t) => typeCovered(tb, t));
  }

  private compareValues(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const vb = allowedValues(b);
    const vh = allowedValues(h);
    if (!vb && !vh) return;
    const keyword = (h.const !== undefined || (vh === undefined && b.const !== undefined)) ? 'const' : 'enum';
    const at = `${ptr}/${keyword}`;
    if (!vb) return this.narrow('enum', at, ctx, null, [...vh!.values()]);
    if (!vh) return this.widen('enum', at, ctx, [...vb.values()], null);
    for (const key of [...vb.keys()].sort(compareStrings)) if (!vh.has(key)) this.narrow('enum-value', at, ctx, vb.get(key)!, null);
    for (const key of [...vh.keys()].sort(compareStrings)) if (!vb.has(key)) this.widen('enum-value', at, ctx, null, vh.get(key)!);
  }

  private compareConstraints(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const num = (v: unknown) => (typeof v === 'number' ? v : undefined);
    for (const key of LOWER_BOUNDS) {
      const before = num(b[key]) ?? 0;
      const after = num(h[key]) ?? 0;
      if (after > before) this.narrow('constraint', `${ptr}/${key}`, ctx, b[key] ?? null, h[key] ?? null);
      else if (after < before) this.widen('constraint', `${ptr}/${key}`, ctx, b[key] ?? null, h[key] ?? null);
    }
    for (const key of UPPER_BOUNDS) {
      const before = num(b[key]) ?? Infinity;
      const after = num(h[key]) ?? Infinity;
      if (after < before) this.narrow('constraint', `${ptr}/${key}`, ctx, b[key] ?? null, h[key] ?? null);
      else if (after > before) this.widen('constraint', `${ptr}/${key}`, ctx, b[key] ?? null, h[key] ?? null);
    }
    for (const side of ['lower', 'upper'] as const) {
      const order = compareBounds(numericBound(b, side), numericBound(h, side), side);
      if (order === 0) continue;
      const keys = side === 'lower' ? ['exclusiveMinimum', 'minimum'] : ['exclusiveMaximum', 'maximum'];
      const key = keys.find((k) => typeof h[k] === 'number') ?? keys.find((k) => b[k] !== undefined) ?? keys[1]!;
      const args = [`${ptr}/${key}`, ctx, boundKeywords(b, side), boundKeywords(h, side)] as const;
      if (order < 0) this.narrow('constraint', ...args);
      else this.widen('constraint', ...args);
    }
    const multiple = compareMultipleOf(num(b.multipleOf), num(h.multipleOf));
    if (multiple < 0) this.narrow('constraint', `${ptr}/multipleOf`, ctx, b.multipleOf ?? null, h.multipleOf ?? null);
    if (multiple > 0) this.widen('constraint', `${ptr}/multipleOf`, ctx, b.multipleOf ?? null, h.multipleOf ?? null);
    if ((b.uniqueItems === true) !== (h.uniqueItems === true)) {
      const args = [`${ptr}/uniqueItems`, ctx, b.uniqueItems ?? null, h.uniqueItems ?? null] as const;
      if (h.uniqueItems === true) this.narrow('constraint', ...args);
      else this.widen('constraint', ...args);
    }
    // Adding a pattern or format only rejects; dropping one only accepts; editing one is anyone's guess.
    for (const key of ['pattern', 'format']) {
      const before = b[key];
      const after = h[key];
      if (jsonEqual(before, after)) continue;
      const at = `${ptr}/${key}`;
      if (before === undefined) this.narrow('constraint', at, ctx, null, after!);
      else if (after === undefined) this.widen('constraint', at, ctx, before, null);
      else this.emit(ctx, this.unprovable(), at, before, after);
    }
  }

  private compareProperties(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const propsB = isObject(b.properties) ? b.properties : {};
    const propsH = isObject(h.properties) ? h.properties : {};
    const reqB = requiredSet(b);
    const reqH = requiredSet(h);
    const names = new Set([...Object.keys(propsB), ...reqB, ...Object.keys(propsH), ...reqH]);
    if (names.size === 0) return;
    const input = this.direction === 'input';
    for (const name of [...names].sort(compareStrings)) {
      const inB = Object.prototype.hasOwnProperty.call(propsB, name) || reqB.has(name);
      const inH = Object.prototype.hasOwnProperty.call(propsH, name) || reqH.has(name);
      const at = `${ptr}/properties/${pointerToken(name)}`;
      const schemaB = Object.prototype.hasOwnProperty.call(propsB, name) ? propsB[name]! : true;
      const schemaH = Object.prototype.hasOwnProperty.call(propsH, name) ? propsH[name]! : true;
      if (inB && inH) {
        if (!reqB.has(name) && reqH.has(name)) {
          this.emit(ctx, input ? 'tool-input-property-became-required' : 'tool-output-narrowed', at, 'optional', 'required');
        } else if (reqB.has(name) && !reqH.has(name)) {
          this.emit(ctx, input ? 'tool-input-relaxed' : 'tool-output-property-became-optional', at, 'required', 'optional');
        }
        this.compare(schemaB, schemaH, at, ctx);
      } else if (inB) {
        const id = input ? 'tool-input-property-removed' : reqB.has(name) ? 'tool-output-required-property-removed' : 'tool-output-property-removed';
        this.emit(ctx, id, at, schemaB, null);
      } else {
        const id = input ? (reqH.has(name) ? 'tool-input-required-property-added' : 'tool-input-property-added') : 'tool-output-property-added';
        this.emit(ctx, id, at, null, schemaH);
      }
    }
  }

  private compareAdditionalProperties(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const ab = b.additionalProperties;
    const ah = h.additionalProperties;
    if (jsonEqual(ab, ah) && !this.hasRef(ab) && !this.hasRef(ah)) return;
    const at = `${ptr}/additionalProperties`;
    const open = (v: JsonValue | undefined) => v === undefined || v === true || (isObject(v) && Object.keys(v).length === 0);
    if (open(ab) && open(ah)) return;
    const before = ab ?? null;
    const after = ah ?? null;
    if (ah === false) return this.narrow('closed', at, ctx, before, after);
    if (ab === false) return this.widen(open(ah) ? 'closed' : 'constraint', at, ctx, before, after);
    if (open(ab)) return this.narrow('constraint', at, ctx, before, after);
    if (open(ah)) return this.widen('constraint', at, ctx, before, after);
    this.compare(ab!, ah!, at, ctx);
  }

  private compareItems(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const tupleB = Array.isArray(b.prefixItems) ? b.prefixItems : Array.isArray(b.items) ? b.items : undefined;
    const tupleH = Array.isArray(h.prefixItems) ? h.prefixItems : Array.isArray(h.items) ? h.items : undefined;
    const tupleKey = Array.isArray(h.prefixItems) || (!tupleH && Array.isArray(b.prefixItems)) ? 'prefixItems' : 'items';
    if (tupleB || tupleH) {
      if (!tupleB || !tupleH || tupleB.length !== tupleH.length) {
        if (!jsonEqual(tupleB, tupleH)) this.emit(ctx, this.unprovable(), `${ptr}/${tupleKey}`, tupleB ?? null, tupleH ?? null);
      } else {
        tupleB.forEach((item, i) => this.compare(item, tupleH[i]!, `${ptr}/${tupleKey}/${i}`, ctx));
      }
    }
    // The schema for the remaining items: `items` (2020-12, or draft-07 without a tuple) or draft-07's `additionalItems`.
    const restKey = (node: JsonObject) => (Array.isArray(node.prefixItems) ? 'items' : Array.isArray(node.items) ? 'additionalItems' : 'items');
    const restB = b[restKey(b)];
    const restH = h[restKey(h)];
    if (restB === undefined && restH === undefined) return;
    this.compare(restB ?? true, restH ?? true, `${ptr}/${restKey(h)}`, ctx);
  }

  /**
   * Union branches. Input: every base branch must be accepted by some head branch. Output: every
   * head branch must be allowed by some base branch. Equal or reordered unions report nothing.
   */
  private compareUnion(
    baseBranches: JsonValue[],
    headBranches: JsonValue[],
    atB: (i: number) => string,
    atH: (j: number) => string,
    ctx: Context,
  ): void {
    // A `false` branch matches nothing, so it is dropped; indices stay the original ones for pointers.
    // (The error-code rules blank out envelope branches this way before calling us.)
    const live = (list: JsonValue[], side: Side) =>
      list.map((node, index) => ({ node, index })).filter((x) => this.resolveSide(x.node, side) !== false);
    const bl = live(baseBranches, 'base');
    const hl = live(headBranches, 'head');
    if (bl.length === hl.length) {
      const aligned = bl.map((b, k) => this.trial(b.node, hl[k]!.node, atH(hl[k]!.index), ctx));
      if (aligned.every((t) => safe(t.changes))) return aligned.forEach((t) => commit(t, ctx));
    }
    const input = this.direction === 'input';
    // Input: every base branch must be accepted by a head branch. Output: every head branch must be allowed by a base branch.
    const needs = input ? bl : hl;
    const offers = input ? hl : bl;
    const matches: Context[] = [];
    const used = new Set<number>();
    const uncovered: number[] = [];
    needs.forEach((_, n) => {
      // Try the branch at the same position first: editing in place is more common than reordering.
      const order = [n, ...offers.keys()].filter((o, k, all) => o < offers.length && all.indexOf(o) === k);
      for (const o of order) {
        const [b, h] = input ? [bl[n]!, hl[o]!] : [bl[o]!, hl[n]!];
        const t = this.trial(b.node, h.node, atH(h.index), ctx);
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
      bl.forEach((b, k) => this.compare(b.node, hl[k]!.node, atH(hl[k]!.index), ctx));
      return;
    }
    matches.forEach((t) => commit(t, ctx));
    for (const n of uncovered) {
      const need = needs[n]!;
      const disjoint = offers.every((o) => (input ? this.typesDisjoint(need.node, o.node) : this.typesDisjoint(o.node, need.node)));
      if (input) {
        if (disjoint) this.narrow('type', atB(need.index), ctx, need.node, null);
        else this.emit(ctx, this.unprovable(), atB(need.index), need.node, null);
      } else if (disjoint) this.widen('type', atH(need.index), ctx, null, need.node);
      else this.emit(ctx, this.unprovable(), atH(need.index), null, need.node);
    }
    offers.forEach((offer, o) => {
      if (used.has(o)) return;
      if (input) this.widen('alternative', atH(offer.index), ctx, null, offer.node);
      else this.narrow('alternative', atB(offer.index), ctx, offer.node, null);
    });
  }

  /** allOf: pairwise when the lists line up, otherwise equal-as-a-set or a warning. */
  private compareAllOf(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const lb = Array.isArray(b.allOf) ? b.allOf : undefined;
    const lh = Array.isArray(h.allOf) ? h.allOf : undefined;
    if (!lb && !lh) return;
    const at = `${ptr}/allOf`;
    if (lb && lh && lb.length === lh.length) {
      const aligned = lb.map((branch, i) => this.trial(branch, lh[i]!, `${at}/${i}`, ctx));
      if (aligned.every((t) => t.changes.length === 0)) return;
      const permuted = lb.every((branch) => lh.some((other, j) => this.trial(branch, other, `${at}/${j}`, ctx).changes.length === 0));
      if (permuted) return;
      lb.forEach((branch, i) => this.compare(branch, lh[i]!, `${at}/${i}`, ctx));
      return;
    }
    this.emit(ctx, this.unprovable(), at, lb ?? null, lh ?? null);
  }

  private compareMetadata(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const keys = new Set([...Object.keys(b), ...Object.keys(h)]);
    for (const key of [...keys].sort(compareStrings)) {
      if (HANDLED.has(key)) continue;
      if (!jsonEqual(b[key], h[key])) this.emit(ctx, 'tool-schema-metadata-changed', `${ptr}/${pointerToken(key)}`, b[key] ?? null, h[key] ?? null);
    }
  }

  /** Equal as schemas: no finding of any level when compared (after resolving $refs). */
  private same(b: JsonValue | undefined, h: JsonValue | undefined, ptr: string, ctx: Context): boolean {
    if (jsonEqual(b, h) && !this.hasRef(b) && !this.hasRef(h)) return true;
    if (b === undefined || h === undefined) return false;
    if (isObject(b) && isObject(h) && !looksLikeSchema(b) && !looksLikeSchema(h)) {
      // A map of schemas (patternProperties, dependentSchemas): same keys, same schemas.
      const keys = Object.keys(b);
      return keys.length === Object.keys(h).length && keys.every((k) => h[k] !== undefined && this.trial(b[k]!, h[k]!, ptr, ctx).changes.length === 0);
    }
    return this.trial(b, h, ptr, ctx).changes.length === 0;
  }

  private typesDisjoint(baseNode: JsonValue, headNode: JsonValue): boolean {
    const ra = this.resolveSide(baseNode, 'base');
    const rb = this.resolveSide(headNode, 'head');
    if (!isObject(ra) || !isObject(rb)) return false;
    const ta = declaredTypes(ra) ?? this.foldedTypes(ra, 'base');
    const tb = declaredTypes(rb) ?? this.foldedTypes(rb, 'head');
    if (!ta || !tb) return false;
    return ![...ta].some((t) => typeCovered(tb, t)) && ![...tb].some((t) => typeCovered(ta, t));
  }

  /** The type list of a node whose union branches are all bare `{type}` schemas. */
  private foldedTypes(node: JsonObject, side: Side): Set<string> | undefined {
    const union = unionOf(node);
    if (!union || union.branches.length === 0) return undefined;
    const types = new Set<string>();
    for (const branch of union.branches) {
      const resolved = this.resolveSide(branch, side);
      if (!isObject(resolved) || !Object.keys(resolved).every((k) => k === 'type' || k === 'nullable')) return undefined;
      const declared = declaredTypes(resolved);
      if (!declared) return undefined;
      declared.forEach((t) => types.add(t));
    }
    return types;
  }

  /**
   * A node as a list of union branches: a plain schema is one branch; `{S, anyOf: [B1, B2]}` is
   * `[S∧B1, S∧B2]` when S and each Bi do not disagree on a keyword (then it is a shallow merge).
   * Undefined when that does not hold: the caller falls back to a warning.
   */
  private unionView(node: JsonObject, side: Side): JsonValue[] | undefined {
    const union = unionOf(node);
    const siblings = Object.fromEntries(
      Object.entries(node).filter(([k]) => HANDLED.has(k) && k !== union?.keyword && k !== '$defs' && k !== 'definitions'),
    );
    if (!union) return [this.memo(node, siblings)];
    if (Object.keys(siblings).length === 0) return union.branches;
    const view: JsonValue[] = [];
    for (const branch of union.branches) {
      const resolved = this.resolveSide(branch, side);
      if (resolved === false) view.push(false);
      else if (resolved === true) view.push(siblings);
      else if (!isObject(resolved) || typeof resolved.$ref === 'string') return undefined;
      else if (Object.keys(siblings).some((k) => resolved[k] !== undefined && !jsonEqual(resolved[k], siblings[k]))) return undefined;
      else view.push({ ...siblings, ...resolved });
    }
    return view;
  }

  private trial(b: JsonValue, h: JsonValue, ptr: string, parent: Context): Context {
    const child: Context = { changes: [], visited: new Map(), parent };
    this.compare(b, h, ptr, child);
    return child;
  }

  private resolveSide(node: JsonValue, side: Side): JsonValue {
    return side === 'base' ? this.resolve(node, this.baseRoot, this.resolvedBase) : this.resolve(node, this.headRoot, this.resolvedHead);
  }

  /**
   * Follow local `$ref`s. Siblings of `$ref` (allowed since 2019-09) are merged over the target.
   * The result is cached per node so the same node always resolves to the same object: the
   * visited set compares identities.
   */
  private resolve(node: JsonValue, root: JsonValue, cache: WeakMap<object, JsonValue>): JsonValue {
    if (!isObject(node) || typeof node.$ref !== 'string') return node;
    const cached = cache.get(node);
    if (cached !== undefined) return cached;
    const target = derefSchema(root, node);
    const { $ref: _ref, ...siblings } = node;
    let resolved: JsonValue;
    if (target === undefined) resolved = node;
    else if (Object.keys(siblings).length === 0) resolved = target;
    else if (target === true) resolved = siblings;
    else if (isObject(target)) resolved = { ...target, ...siblings };
    else resolved = target;
    cache.set(node, resolved);
    return resolved;
  }

  private hasRef(value: JsonValue | undefined): boolean {
    if (value === null || typeof value !== 'object') return false;
    const known = this.refMemo.get(value);
    if (known !== undefined) return known;
    const result = Array.isArray(value)
      ? value.some((v) => this.hasRef(v))
      : typeof value.$ref === 'string' || typeof value.$dynamicRef === 'string' || Object.values(value).some((v) => this.hasRef(v));
    this.refMemo.set(value, result);
    return result;
  }

  /** One derived object per source node, so repeated views keep the identity the visited set relies on. */
  private readonly derived = new WeakMap<object, JsonObject>();
  private memo(node: JsonObject, value: JsonObject): JsonObject {
    const known = this.derived.get(node);
    if (known) return known;
    this.derived.set(node, value);
    return value;
  }

  private seen(ctx: Context, b: object, h: object): boolean {
    for (let c: Context | undefined = ctx; c; c = c.parent) if (c.visited.get(b)?.has(h)) return true;
    return false;
  }

  private mark(ctx: Context, b: object, h: object): void {
    let set = ctx.visited.get(b);
    if (!set) ctx.visited.set(b, (set = new Set()));
    set.add(h);
  }

  private unprovable(): string {
    return this.direction === 'input' ? 'tool-input-schema-changed' : 'tool-output-schema-changed';
  }

  /** The head accepts fewer values here. */
  private narrow(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void {
    this.emit(ctx, NARROW[this.direction][category], ptr, before, after);
  }

  /** The head accepts more values here. */
  private widen(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void {
    this.emit(ctx, WIDEN[this.direction][category], ptr, before, after);
  }

  private emit(ctx: Context, id: string, pointer: string, before: JsonValue, after: JsonValue): void {
    ctx.changes.push({ id, pointer, before, after });
  }
}

/** A union branch is covered when comparing it found nothing worse than info. */
function pointerDepth(ptr: string): number {
  let depth = 0;
  for (let i = ptr.indexOf('/'); i !== -1; i = ptr.indexOf('/', i + 1)) depth++;
  return depth;
}

function safe(changes: SchemaChange[]): boolean {
  return changes.every((c) => rule(c.id).level === 'info');
}

function commit(trial: Context, into: Context): void {
  into.changes.push(...trial.changes);
  for (const [b, heads] of trial.visited) {
    let set = into.visited.get(b);
    if (!set) into.visited.set(b, (set = new Set()));
    heads.forEach((h) => set.add(h));
  }
}

function requiredSet(node: JsonObject): Set<string> {
  return new Set(Array.isArray(node.required) ? node.required.filter((r): r is string => typeof r === 'string') : []);
}

function intersect(a: Set<string> | undefined, b: Set<string> | undefined): Set<string> | undefined {
  if (!a) return b;
  if (!b) return a;
  return new Set([...a].filter((t) => typeCovered(b, t)));
}

const SCHEMA_HINTS = new Set(['type', '$ref', 'properties', 'items', 'enum', 'const', 'anyOf', 'oneOf', 'allOf', 'not', 'required']);
function looksLikeSchema(value: JsonObject): boolean {
  return Object.keys(value).some((k) => SCHEMA_HINTS.has(k));
}
