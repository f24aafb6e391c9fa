// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime: the canonical form of a tool, as mcp-codegen's snapshot writes it
 * (src/snapshot/write.ts), ported so that a live tool and the snapshot the client was generated
 * from are compared by the same rules: `diff` and the guard agree on what "changed" means.
 * Keys in a fixed order, then alphabetically; `required` and `type` lists sorted and deduplicated;
 * every other list (`anyOf`, `enum`, `prefixItems`, …) keeps its order. test/runtime-guard.test.ts
 * checks it against src/snapshot for every fixture and shared catalog.
 */

/** The parts of a tool the guard compares, each by the hash of its canonical JSON. */
export type CatalogField = 'title' | 'description' | 'inputSchema' | 'outputSchema' | 'annotations';

export const CATALOG_FIELDS: readonly CatalogField[] = [
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const NUMERIC = [
  'minimum',
  'exclusiveMinimum',
  'maximum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
];
const SCHEMA_KEYS = [
  '$schema',
  '$id',
  '$anchor',
  '$ref',
  '$dynamicRef',
  'title',
  'description',
  'type',
  'const',
  'enum',
  'format',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'nullable',
  ...NUMERIC,
  'pattern',
  'contentEncoding',
  'contentMediaType',
  'items',
  'prefixItems',
  'additionalItems',
  'contains',
  'minContains',
  'maxContains',
  'minItems',
  'maxItems',
  'uniqueItems',
  'unevaluatedItems',
  'properties',
  'required',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'unevaluatedProperties',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'then',
  'else',
  '$defs',
  'definitions',
];
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
/** The keywords whose value is one subschema (runtime-standard.ts converts the same ones). */
export const ONE_SUBSCHEMA: readonly string[] = [
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
];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

const isObject = (value: unknown): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// Set by defineProperty, never by assignment: a `__proto__` key stays a key and sets no prototype.
function setOwn(target: { [key: string]: Json }, key: string, value: Json): void {
  if (key === '__proto__')
    Object.defineProperty(target, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  else target[key] = value;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every object's keys sorted, at every depth; lists keep their order. */
export function sortKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(value).sort()) setOwn(out, key, sortKeys(value[key]!));
  return out;
}

/** A JSON Schema in the snapshot's canonical form. */
export function canonicalSchema(schema: Json): Json {
  if (!isObject(schema)) return schema;
  const last = SCHEMA_KEYS.length;
  const rank = (key: string) => {
    const i = SCHEMA_KEYS.indexOf(key);
    return i < 0 ? last : i;
  };
  const out: { [key: string]: Json } = {};
  for (const key of Object.keys(schema).sort((a, b) => rank(a) - rank(b) || byCodeUnits(a, b)))
    setOwn(out, key, canonicalValue(key, schema[key]!));
  return out;
}

function canonicalValue(key: string, value: Json): Json {
  if (SCHEMA_MAPS.includes(key) && isObject(value)) {
    const out: { [key: string]: Json } = {};
    for (const k of Object.keys(value).sort()) setOwn(out, k, canonicalSchema(value[k]!));
    return out;
  }
  if (ONE_SUBSCHEMA.includes(key)) return canonicalSchema(value);
  if (SUBSCHEMA_LISTS.includes(key) && Array.isArray(value)) return value.map(canonicalSchema);
  if (key === 'items')
    return Array.isArray(value) ? value.map(canonicalSchema) : canonicalSchema(value);
  if (
    (key === 'required' || key === 'type') &&
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string')
  ) {
    return [...new Set(value as string[])].sort(byCodeUnits);
  }
  return sortKeys(value);
}

/**
 * Per field the tool declares, the text that is hashed: its canonical form (the snapshot's), written
 * with every key sorted. Sorting after canonicalising changes no equality (the canonical order is a
 * fixed function of the keys) and lets the generator write large catalogs' shared definitions once.
 * An output schema is hashed as the modern era lists it (`eraNeutralOutput`).
 */
export function canonicalToolFields(tool: {
  readonly [key: string]: unknown;
}): Partial<Record<CatalogField, string>> {
  const out: Partial<Record<CatalogField, string>> = {};
  for (const field of CATALOG_FIELDS) {
    const value = tool[field] as Json | undefined;
    if (value === undefined) continue;
    const canonical =
      field === 'inputSchema'
        ? canonicalSchema(value)
        : field === 'outputSchema'
          ? canonicalSchema(eraNeutralOutput(value))
          : value;
    out[field] = JSON.stringify(sortKeys(canonical));
  }
  return out;
}

/**
 * SDK v2 servers list a non-object output wrapped as `{ result: <schema> }` in the legacy era and bare
 * in the modern era: the wrapper's inner schema, else the schema. Exactly the SDK's wrapper (the same
 * test as src/model/era.ts), so an ordinary object output with one `result` property is left alone.
 */
function eraNeutralOutput(schema: Json): Json {
  if (!isObject(schema)) return schema;
  if (
    Object.keys(schema).some((key) => !['$schema', 'type', 'properties', 'required'].includes(key))
  )
    return schema;
  const properties = schema['properties'];
  const required = schema['required'];
  if (schema['type'] !== 'object' || !isObject(properties)) return schema;
  const names = Object.keys(properties);
  if (names.length !== 1 || names[0] !== 'result') return schema;
  if (!Array.isArray(required) || required.length !== 1 || required[0] !== 'result') return schema;
  const inner = properties['result'];
  return isObject(inner) && inner['type'] !== 'object' ? inner : schema;
}
