import type { JsonObject, JsonValue } from '../snapshot/types.js';
import type { RuleId } from './rules.js';

/**
 * Directional structural comparison of two JSON Schemas, shared by the keyword-family checkers
 * (`check-*.ts`), one file per family the way oasdiff keeps one checker per rule family.
 *
 * `input`: contravariant. The head schema must accept every value the base schema accepted;
 * accepting fewer is breaking, accepting more is info.
 * `output`: covariant. The head schema must only produce values the base schema allowed;
 * allowing more is breaking, allowing fewer is info.
 */
export type Direction = 'input' | 'output';

export interface SchemaChange {
  id: RuleId;
  pointer: string;
  before: JsonValue;
  after: JsonValue;
}

/** How a keyword change moves the set of valid values. */
export type Category = 'type' | 'enum-value' | 'enum' | 'constraint' | 'closed' | 'alternative';

/** The rule a narrowing (head accepts fewer values) raises, per direction and category. */
export const NARROW: Record<Direction, Record<Category, RuleId>> = {
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

/** The rule a widening (head accepts more values) raises, per direction and category. */
export const WIDEN: Record<Direction, Record<Category, RuleId>> = {
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

export type Side = 'base' | 'head';

/** Visited (base node, head node) pairs: a pair is compared once, so `$ref` cycles terminate. */
type PairSet = Map<object, Set<object>>;

export interface Context {
  changes: SchemaChange[];
  visited: PairSet;
  /** Set while trying a union match: lookups fall through to the parent, results are committed or dropped. */
  parent?: Context;
}

/** What a keyword-family checker may ask of the comparison: recursion, `$ref` resolution, trials and findings. */
export interface Comparer {
  readonly direction: Direction;
  /** Compare two (sub)schemas at `ptr`, recording findings in `ctx`. */
  compare(base: JsonValue, head: JsonValue, ptr: string, ctx: Context): void;
  /** Compare into a scratch context that the caller commits or drops. */
  trial(base: JsonValue, head: JsonValue, ptr: string, parent: Context): Context;
  resolveSide(node: JsonValue, side: Side): JsonValue;
  hasRef(value: JsonValue | undefined): boolean;
  /** One derived object per source node, so repeated views keep the identity the visited set relies on. */
  memo(node: JsonObject, value: JsonObject): JsonObject;
  /** The head accepts fewer values here. */
  narrow(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void;
  /** The head accepts more values here. */
  widen(category: Category, ptr: string, ctx: Context, before: JsonValue, after: JsonValue): void;
  emit(ctx: Context, id: RuleId, pointer: string, before: JsonValue, after: JsonValue): void;
  /** The rule for a change that cannot be proven safe or unsafe in this direction. */
  unprovable(): RuleId;
}

/** One keyword family's comparison of two (resolved, object) schemas at `ptr`: the unit the checker files export. */
export type Checker = (
  c: Comparer,
  b: JsonObject,
  h: JsonObject,
  ptr: string,
  ctx: Context,
) => void;
