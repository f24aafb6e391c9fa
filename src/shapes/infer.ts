import genson from 'genson-js';
import { isObject, setOwn, type JsonObject, type JsonValue } from '../shared/json.js';
import { canonicalSchema } from '../snapshot/write.js';

/**
 * Inferring a payload's JSON Schema from samples, and merging schemas so that a later sample only
 * widens: a field missing from a sample leaves `required`, a new type joins a union, objects stay
 * open (no `additionalProperties: false`, so a server adding a field is not a mismatch).
 *
 * genson-js does the inference and the merge (nullable as `type: [..., "null"]`, `required` as the
 * intersection, array elements merged into one `items`, unions as a type list or `anyOf`, objects
 * left open). Two things it falls short on, handled here around it rather than by a copy of it:
 * - it keeps properties and its `required` counter in plain objects, so a key named `__proto__`
 *   would set a prototype and one named `constructor` would never count as required. Every key is
 *   prefixed while genson sees it (no `Object.prototype` member starts with `#`), and unprefixed after;
 * - its key order follows the samples, so the result is put in canonical order (sorted keys,
 *   sorted `required` and `type` lists): the same schema whatever order samples came in.
 */
export type PayloadSchema = JsonObject;

const KEY_PREFIX = '#';

/** The schema of one JSON value. */
export function inferSchema(value: JsonValue): PayloadSchema {
  return fromGenson(genson.createSchema(prefixKeys(value)));
}

/** The narrowest schema genson gives that every value each of `schemas` accepts still passes. */
export function mergeSchemas(schemas: readonly PayloadSchema[]): PayloadSchema {
  if (schemas.length === 1) return fromGenson(toGenson(schemas[0]!));
  return fromGenson(genson.mergeSchemas(schemas.map(toGenson)));
}

/** `schema` widened to accept `value` too. */
export function widenSchema(schema: PayloadSchema | undefined, value: JsonValue): PayloadSchema {
  const sample = inferSchema(value);
  return schema === undefined ? sample : mergeSchemas([schema, sample]);
}

type GensonSchema = ReturnType<typeof genson.createSchema>;

function prefixKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(prefixKeys);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const key of Object.keys(value)) out[KEY_PREFIX + key] = prefixKeys(value[key]!);
  return out;
}

/** A schema of ours (read from a shapes file) in the prefixed form genson merges. */
function toGenson(schema: JsonValue): GensonSchema {
  return mapSchema(schema, (key) => KEY_PREFIX + key) as GensonSchema;
}

function fromGenson(schema: GensonSchema): PayloadSchema {
  const plain = mapSchema(schema as JsonValue, (key) => key.slice(KEY_PREFIX.length));
  return canonicalSchema(plain) as PayloadSchema;
}

/**
 * The schema with each property name (the keys of `properties`, the entries of `required`)
 * renamed; only the keywords genson writes are walked. Written with setOwn, so `__proto__` stays a key.
 */
function mapSchema(schema: JsonValue, rename: (key: string) => string): JsonValue {
  if (!isObject(schema)) return schema;
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key]!;
    if (key === 'properties' && isObject(value)) {
      const properties: JsonObject = {};
      for (const name of Object.keys(value))
        setOwn(properties, rename(name), mapSchema(value[name]!, rename));
      setOwn(out, key, properties);
    } else if (key === 'required' && Array.isArray(value)) {
      setOwn(
        out,
        key,
        value.map((name) => (typeof name === 'string' ? rename(name) : name)),
      );
    } else if (key === 'items') {
      setOwn(out, key, mapSchema(value, rename));
    } else if (key === 'anyOf' && Array.isArray(value)) {
      setOwn(
        out,
        key,
        value.map((s) => mapSchema(s, rename)),
      );
    } else setOwn(out, key, value);
  }
  return out;
}
