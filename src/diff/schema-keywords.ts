import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { canonicalJson } from './json.js';

/** Keywords that constrain values, and how the comparison treats them. Everything else is metadata. */
const LOWER_BOUNDS = ['minLength', 'minItems', 'minProperties', 'minContains'] as const;
const UPPER_BOUNDS = ['maxLength', 'maxItems', 'maxProperties', 'maxContains'] as const;

/** Compared only for equality: a change here cannot be classified without a solver, so it is a warning. */
// prettier-ignore
export const UNPROVABLE = [
  'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'patternProperties', 'dependentRequired', 'dependentSchemas',
  'dependencies', 'unevaluatedItems', 'unevaluatedProperties', 'contentEncoding', 'contentMediaType', 'contentSchema',
  '$dynamicRef', '$recursiveRef',
] as const;

/** Keywords the comparison handles itself; the rest of a schema's keys are compared as metadata. */
export const HANDLED = new Set<string>([
  '$ref',
  '$defs',
  'definitions',
  'type',
  'nullable',
  'enum',
  'const',
  'default',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'pattern',
  'format',
  'uniqueItems',
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...UNPROVABLE,
  'properties',
  'required',
  'additionalProperties',
  'items',
  'prefixItems',
  'additionalItems',
  'allOf',
  'anyOf',
  'oneOf',
]);

/** The declared types (with OpenAPI's `nullable`), or undefined when any type is allowed. */
export function declaredTypes(node: JsonObject): Set<string> | undefined {
  const t = node.type;
  let set: Set<string>;
  if (typeof t === 'string') set = new Set([t]);
  else if (Array.isArray(t)) set = new Set(t.filter((x): x is string => typeof x === 'string'));
  else return undefined;
  if (node.nullable === true) set.add('null');
  return set;
}

/** JSON Schema's `integer` is a subset of `number`. */
export function typeCovered(types: Set<string> | undefined, t: string): boolean {
  return types === undefined || types.has(t) || (t === 'integer' && types.has('number'));
}

export function typeList(types: Set<string> | undefined): JsonValue {
  if (types === undefined) return null;
  const list = [...types].sort(compareStrings);
  return list.length === 1 ? list[0]! : list;
}

/** `enum`/`const` as a set keyed by canonical JSON (so `{a,b}` and `{b,a}` are one value), or undefined. */
export function allowedValues(node: JsonObject): Map<string, JsonValue> | undefined {
  if (Object.prototype.hasOwnProperty.call(node, 'const'))
    return new Map([[canonicalJson(node.const), node.const!]]);
  if (!Array.isArray(node.enum)) return undefined;
  return new Map(node.enum.map((v) => [canonicalJson(v), v]));
}

export interface Bound {
  value: number;
  exclusive: boolean;
}

/** The effective lower or upper numeric bound, merging `minimum`, `exclusiveMinimum` (number or draft-04 boolean). */
export function numericBound(node: JsonObject, side: 'lower' | 'upper'): Bound | undefined {
  const [inclusiveKey, exclusiveKey] =
    side === 'lower' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const inclusive = node[inclusiveKey];
  const exclusive = node[exclusiveKey];
  const candidates: Bound[] = [];
  if (typeof inclusive === 'number')
    candidates.push({ value: inclusive, exclusive: exclusive === true });
  if (typeof exclusive === 'number') candidates.push({ value: exclusive, exclusive: true });
  if (candidates.length === 0) return undefined;
  const tighter = (a: Bound, b: Bound) =>
    side === 'lower'
      ? a.value > b.value || (a.value === b.value && a.exclusive)
      : a.value < b.value || (a.value === b.value && a.exclusive);
  return candidates.reduce((best, c) => (tighter(c, best) ? c : best));
}

/** -1: head's bound admits fewer values, 1: more, 0: the same. Undefined bounds are unbounded. */
export function compareBounds(
  base: Bound | undefined,
  head: Bound | undefined,
  side: 'lower' | 'upper',
): -1 | 0 | 1 {
  if (base === undefined && head === undefined) return 0;
  if (base === undefined) return -1;
  if (head === undefined) return 1;
  if (base.value === head.value)
    return base.exclusive === head.exclusive ? 0 : head.exclusive ? -1 : 1;
  const headTighter = side === 'lower' ? head.value > base.value : head.value < base.value;
  return headTighter ? -1 : 1;
}

/** The keywords of a bound as they appear in a schema, for a finding's before/after. */
export function boundKeywords(node: JsonObject, side: 'lower' | 'upper'): JsonValue {
  const keys = side === 'lower' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
  const present = keys.filter((k) => node[k] !== undefined);
  if (present.length === 0) return null;
  if (present.length === 1 && typeof node[present[0]!] === 'number') return node[present[0]!]!;
  return Object.fromEntries(present.map((k) => [k, node[k]!]));
}

/** `multipleOf`: -1 when head rejects some values base accepted, 1 when it accepts strictly more. */
export function compareMultipleOf(base: number | undefined, head: number | undefined): -1 | 0 | 1 {
  if (base === head) return 0;
  if (base === undefined) return -1;
  if (head === undefined) return 1;
  const ratio = base / head;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9 ? 1 : -1;
}

/** The `anyOf`/`oneOf` of a node, when it has exactly one of them. */
export function unionOf(
  node: JsonObject,
): { keyword: 'anyOf' | 'oneOf'; branches: JsonValue[] } | undefined {
  const any = Array.isArray(node.anyOf) ? node.anyOf : undefined;
  const one = Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (any && !one) return { keyword: 'anyOf', branches: any };
  if (one && !any) return { keyword: 'oneOf', branches: one };
  return undefined;
}
