import { MAX_JSON_DEPTH } from '../shared/json.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareArrays, compareItems } from './check-arrays.js';
import { compareAllOf, compareOneSidedUnion, compareUnion } from './check-composition.js';
import { compareDefault, compareMetadata, compareUnprovable } from './check-metadata.js';
import { compareNumbers } from './check-numbers.js';
import { compareAdditionalProperties, compareProperties } from './check-objects.js';
import { compareStringKeywords } from './check-strings.js';
import { compareTypes, compareValues, foldedTypes, intersect } from './check-types.js';
import { isObject, jsonEqual } from './json.js';
import type { RuleId } from './rules.js';
import {
  type Category,
  type Comparer,
  type Context,
  type Direction,
  NARROW,
  type SchemaChange,
  type Side,
  WIDEN,
} from './schema-context.js';
import { declaredTypes, unionOf } from './schema-keywords.js';
import { SchemaRefs, containsRef } from './schema-refs.js';

export type { SchemaChange } from './schema-context.js';

/**
 * Directional structural comparison of two JSON Schemas (see schema-context.ts for the directions).
 * This file walks the two schemas and dispatches each keyword family to its checker (`check-*.ts`);
 * what cannot be proven either way (a `pattern` edit, `not`, `if`/`then`/`else`, an unmatched
 * union branch, an unresolvable `$ref`) is a warning, never silence.
 */
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

class SchemaComparer implements Comparer {
  private readonly base: SchemaRefs;
  private readonly head: SchemaRefs;
  /** Which nodes contain a `$ref`: it depends only on the node, so one memo serves both sides. */
  private readonly refMemo = new WeakMap<object, boolean>();
  private readonly derived = new WeakMap<object, JsonObject>();

  constructor(
    readonly direction: Direction,
    baseRoot: JsonValue,
    headRoot: JsonValue,
  ) {
    this.base = new SchemaRefs(baseRoot);
    this.head = new SchemaRefs(headRoot);
  }

  compare(baseNode: JsonValue, headNode: JsonValue, ptr: string, ctx: Context): void {
    // Reading bounds JSON nesting, but `$ref` chains (A → B → … through properties) nest without it:
    // past the bound only equality is certain, and anything else is reported as a change we cannot prove safe.
    if (pointerDepth(ptr) > MAX_JSON_DEPTH) {
      if (this.hasRef(baseNode) || this.hasRef(headNode) || !jsonEqual(baseNode, headNode))
        this.emit(ctx, this.unprovable(), ptr, baseNode, headNode);
      return;
    }
    let b = this.base.resolve(baseNode);
    let h = this.head.resolve(headNode);
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
      if (!jsonEqual(b, h))
        this.emit(ctx, this.unprovable(), `${ptr}/$ref`, b.$ref ?? null, h.$ref ?? null);
      return;
    }
    this.compareObjects(b, h, ptr, ctx);
  }

  /** Every keyword family, in a fixed order (recursion order decides where a shared `$ref` target is reported). */
  private compareObjects(b: JsonObject, h: JsonObject, ptr: string, ctx: Context): void {
    const ub = unionOf(b);
    const uh = unionOf(h);
    const foldB = foldedTypes(this, b, 'base');
    const foldH = foldedTypes(this, h, 'head');
    // Pure type unions (`anyOf: [{type: string}, {type: null}]`) are a type list in disguise.
    const fold =
      (foldB !== undefined || !ub) &&
      (foldH !== undefined || !uh) &&
      (foldB !== undefined || foldH !== undefined);
    let unionsHandled = fold;
    if (!fold && (ub || uh) && ub?.keyword !== uh?.keyword) {
      if (
        compareOneSidedUnion(this, b, h, ptr, ctx, () => compareMetadata(this, b, h, ptr, ctx)) ===
        'done'
      )
        return;
      unionsHandled = true;
    }
    const typesB = fold ? intersect(declaredTypes(b), foldB) : declaredTypes(b);
    const typesH = fold ? intersect(declaredTypes(h), foldH) : declaredTypes(h);
    if (compareTypes(this, typesB, typesH, ptr, ctx)) return;
    compareValues(this, b, h, ptr, ctx);
    compareNumbers(this, b, h, ptr, ctx);
    compareStringKeywords(this, b, h, ptr, ctx);
    compareArrays(this, b, h, ptr, ctx);
    compareProperties(this, b, h, ptr, ctx);
    compareAdditionalProperties(this, b, h, ptr, ctx);
    compareItems(this, b, h, ptr, ctx);
    if (!unionsHandled && ub && uh) {
      compareUnion(
        this,
        ub.branches,
        uh.branches,
        (i) => `${ptr}/${ub.keyword}/${i}`,
        (j) => `${ptr}/${uh.keyword}/${j}`,
        ctx,
      );
    }
    compareAllOf(this, b, h, ptr, ctx);
    compareUnprovable(this, b, h, ptr, ctx);
    compareDefault(this, b, h, ptr, ctx);
    compareMetadata(this, b, h, ptr, ctx);
  }

  trial(b: JsonValue, h: JsonValue, ptr: string, parent: Context): Context {
    const child: Context = { changes: [], visited: new Map(), parent };
    this.compare(b, h, ptr, child);
    return child;
  }

  resolveSide(node: JsonValue, side: Side): JsonValue {
    return side === 'base' ? this.base.resolve(node) : this.head.resolve(node);
  }

  hasRef(value: JsonValue | undefined): boolean {
    return containsRef(value, this.refMemo);
  }

  memo(node: JsonObject, value: JsonObject): JsonObject {
    const known = this.derived.get(node);
    if (known) return known;
    this.derived.set(node, value);
    return value;
  }

  unprovable(): RuleId {
    return this.direction === 'input' ? 'tool-input-schema-changed' : 'tool-output-schema-changed';
  }

  narrow(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void {
    this.emit(ctx, NARROW[this.direction][category], ptr, before, after);
  }

  widen(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void {
    this.emit(ctx, WIDEN[this.direction][category], ptr, before, after);
  }

  emit(ctx: Context, id: RuleId, pointer: string, before: JsonValue, after: JsonValue): void {
    ctx.changes.push({ id, pointer, before, after });
  }

  private seen(ctx: Context, b: object, h: object): boolean {
    for (let c: Context | undefined = ctx; c; c = c.parent)
      if (c.visited.get(b)?.has(h)) return true;
    return false;
  }

  private mark(ctx: Context, b: object, h: object): void {
    let set = ctx.visited.get(b);
    if (!set) ctx.visited.set(b, (set = new Set()));
    set.add(h);
  }
}

function pointerDepth(ptr: string): number {
  let depth = 0;
  for (let i = ptr.indexOf('/'); i !== -1; i = ptr.indexOf('/', i + 1)) depth++;
  return depth;
}
