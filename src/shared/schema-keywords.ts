/**
 * The JSON Schema keyword taxonomy: which keywords hold subschemas, and in what shape. Every walk
 * over a schema (sanitizing, typing, canonical writing, validators) reads it from here, so a keyword
 * added to one walk cannot be missed by another.
 */

/** Keywords whose value is a map of name → subschema. */
export const SUBSCHEMA_MAPS = [
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
] as const;

/** Keywords whose value is always one subschema. */
export const ONE_SUBSCHEMA_ONLY = [
  'additionalProperties',
  'additionalItems',
  'unevaluatedItems',
  'unevaluatedProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
] as const;

/** Keywords whose value is always a list of subschemas. */
export const SUBSCHEMA_LISTS_ONLY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** `items` is one subschema (2020-12, or draft-07 for every element) or a list (a draft-07 tuple). */
export const ITEMS = 'items';

/** Keywords whose value may be one subschema. */
export const SUBSCHEMA_SINGLE = [...ONE_SUBSCHEMA_ONLY, ITEMS] as const;

/** Keywords whose value may be a list of subschemas. */
export const SUBSCHEMA_LISTS = [...SUBSCHEMA_LISTS_ONLY, ITEMS] as const;

/**
 * Applicators that apply their subschemas to the very value their schema applies to, by logic
 * (`allOf`, `anyOf`, `oneOf`, `not`) or by condition (`if`, `then`, `else`): JSON Schema 2020-12
 * §10.2 but for `dependentSchemas`, which applies only to objects and sits with the object keywords.
 */
export const COMBINING_APPLICATORS = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
] as const;

/** Numeric constraints on numbers and strings, in reading order. */
export const NUMERIC_CONSTRAINTS = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
] as const;
