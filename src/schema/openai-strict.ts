import { isObject, type JsonObject, type JsonValue } from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';
import { resolveLocalRef } from './refs.js';

/**
 * Whether a tool's input schema fits the subset of JSON Schema that OpenAI's strict mode (Structured
 * Outputs, `strict: true` on a function tool) accepts, as OpenAI's structured-outputs guide states it:
 * the root an object (not `anyOf`); every object with `additionalProperties: false` and every
 * property in `required`; types string, number, integer, boolean, object, array and null, with
 * `enum`, `const`, `anyOf` and local `$ref`s into `$defs`/`definitions`; of the type-specific
 * keywords only `pattern`, the listed `format`s, the number bounds and `minItems`/`maxItems`; at most
 * 5,000 properties, 10 levels of nesting and 1,000 enum values.
 *
 * An allow-list, and on the cautious side where sources disagree: `minLength`/`maxLength` and
 * `default` are out (OpenAI's own SDK says strict mode can reject them), as is every keyword the guide
 * does not name. Too cautious costs only `strict: false` (the model follows the schema as a hint); a
 * strict tool OpenAI rejects fails the whole request. It also stays within what `@openai/agents`
 * accepts for a strict JSON Schema without rewriting it (no `$ref` or `anyOf` with other keywords
 * beside them, no typeless object). Either dialect is read (`definitions` or `$defs`, `#/definitions/…`
 * refs): converting one to the other keeps a schema in or out.
 */
export type StrictModeFit = { strict: true } | { strict: false; reason: string };

const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const FORMATS = new Set([
  'date-time',
  'time',
  'date',
  'duration',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'uuid',
]);
const ANNOTATIONS = new Set(['description', 'title']);
/** Beside `type`: what a typed node may carry. Object and array keywords are checked against the type. */
const TYPED = new Set([
  ...ANNOTATIONS,
  'type',
  'enum',
  'const',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
]);
const DEFINITIONS = ['$defs', 'definitions'];
const LIMITS = { properties: 5000, depth: 10, enumValues: 1000 };

interface Walk {
  root: JsonObject;
  properties: number;
  enumValues: number;
}

export function strictModeFit(schema: JsonValue): StrictModeFit {
  if (!isObject(schema)) return misfit('', 'not a JSON object');
  if (schema.type !== 'object') return misfit('', 'not `type: "object"`');
  const walk: Walk = { root: schema, properties: 0, enumValues: 0 };
  const reason = rootKeywords(schema) ?? node(schema, '', 0, walk) ?? definitions(schema, walk);
  return reason === undefined ? { strict: true } : { strict: false, reason };
}

const misfit = (at: string, what: string): StrictModeFit => ({
  strict: false,
  reason: where(at, what),
});

// A pointer into the server's schema, bounded: property names are the server's and may be long.
const where = (at: string, what: string) =>
  `${at === '' ? 'the root' : at.length > 120 ? `${at.slice(0, 119)}…` : at}: ${what}`;

const keyword = (at: string, key: string) =>
  where(at, `\`${key.length > 40 ? `${key.slice(0, 39)}…` : key}\` is not in the strict subset`);

// Only the root may say its dialect (dropped from what OpenAI is sent) or hold the definitions.
function rootKeywords(schema: JsonObject): string | undefined {
  const bad = DEFINITIONS.find((key) => key in schema && !isObject(schema[key]));
  return bad === undefined ? undefined : where(`/${bad}`, 'not an object of schemas');
}

function definitions(schema: JsonObject, walk: Walk): string | undefined {
  for (const key of DEFINITIONS) {
    const defs = schema[key];
    if (!isObject(defs)) continue;
    for (const [name, def] of Object.entries(defs)) {
      const reason = node(def, `/${key}/${pointerToken(name)}`, 1, walk);
      if (reason !== undefined) return reason;
    }
  }
  return undefined;
}

function node(schema: JsonValue, at: string, depth: number, walk: Walk): string | undefined {
  if (depth > LIMITS.depth) return where(at, `nested deeper than ${LIMITS.depth} levels`);
  if (!isObject(schema)) return where(at, 'a boolean or non-object schema');
  const rootOnly = at === '' ? new Set([...DEFINITIONS, '$schema']) : new Set<string>();
  const keys = Object.keys(schema).filter((k) => !rootOnly.has(k));
  if (typeof schema.$ref === 'string') return reference(schema, keys, at, walk);
  if (schema.anyOf !== undefined) return union(schema, keys, at, depth, walk);
  const unknown = keys.find((k) => !TYPED.has(k));
  if (unknown !== undefined) return keyword(at, unknown);
  const types = typeList(schema.type);
  if (types === undefined) return where(at, 'no `type` (or one outside the strict subset)');
  if (schema.format !== undefined && !FORMATS.has(String(schema.format)))
    return where(
      at,
      `format ${JSON.stringify(String(schema.format)).slice(0, 40)} is not supported`,
    );
  if (schema.enum !== undefined) {
    if (!Array.isArray(schema.enum) || schema.enum.length === 0) return where(at, 'an empty enum');
    walk.enumValues += schema.enum.length;
    if (walk.enumValues > LIMITS.enumValues)
      return where(at, `more than ${LIMITS.enumValues} enum values in all`);
  }
  const stray = strayKeyword(schema, types, at);
  if (stray !== undefined) return stray;
  if (types.includes('object')) {
    const reason = objectNode(schema, at, depth, walk);
    if (reason !== undefined) return reason;
  }
  if (!types.includes('array')) return undefined;
  if (!isObject(schema.items)) return where(at, 'an array without one `items` schema');
  return node(schema.items, `${at}/items`, depth + 1, walk);
}

function typeList(type: JsonValue | undefined): string[] | undefined {
  const list = Array.isArray(type) ? type : [type];
  if (list.length === 0 || !list.every((t) => typeof t === 'string' && TYPES.has(t)))
    return undefined;
  return list as string[];
}

// A `$ref` stands alone (annotations aside) and points inside this schema.
function reference(schema: JsonObject, keys: string[], at: string, walk: Walk): string | undefined {
  const beside = keys.find((k) => k !== '$ref' && !ANNOTATIONS.has(k));
  if (beside !== undefined) return where(at, `\`$ref\` with \`${beside.slice(0, 40)}\` beside it`);
  if (resolveLocalRef(walk.root, schema.$ref as string) === undefined)
    return where(at, 'a `$ref` that does not resolve inside the schema');
  return undefined;
}

function union(
  schema: JsonObject,
  keys: string[],
  at: string,
  depth: number,
  walk: Walk,
): string | undefined {
  if (at === '') return where(at, '`anyOf` at the root');
  const beside = keys.find((k) => k !== 'anyOf' && !ANNOTATIONS.has(k));
  if (beside !== undefined) return where(at, `\`anyOf\` with \`${beside.slice(0, 40)}\` beside it`);
  if (!Array.isArray(schema.anyOf) || schema.anyOf.length === 0) return where(at, 'an empty anyOf');
  for (const [i, branch] of schema.anyOf.entries()) {
    const reason = node(branch, `${at}/anyOf/${i}`, depth + 1, walk);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

// Object keywords only where the type allows an object, array keywords only where it allows an array.
const KEYWORDS_OF: ReadonlyArray<[string, string[]]> = [
  ['object', ['properties', 'required', 'additionalProperties']],
  ['array', ['items', 'minItems', 'maxItems']],
];

function strayKeyword(schema: JsonObject, types: string[], at: string): string | undefined {
  for (const [type, keys] of KEYWORDS_OF) {
    const stray = types.includes(type) ? undefined : keys.find((k) => k in schema);
    if (stray !== undefined) return where(at, `\`${stray}\` on a non-${type} type`);
  }
  return undefined;
}

function objectNode(schema: JsonObject, at: string, depth: number, walk: Walk): string | undefined {
  if (schema.additionalProperties !== false)
    return where(at, 'an object without `additionalProperties: false`');
  const declared = schema.properties ?? {};
  if (!isObject(declared)) return where(at, '`properties` is not an object');
  const properties = Object.entries(declared);
  const required = schema.required ?? [];
  if (!Array.isArray(required)) return where(at, '`required` is not a list');
  const optional = properties.find(([name]) => !required.includes(name));
  if (optional !== undefined)
    return where(
      `${at}/properties/${pointerToken(optional[0])}`,
      'not in `required` (strict mode requires every property)',
    );
  if (new Set(required).size !== properties.length || required.length !== properties.length)
    return where(at, '`required` does not list each declared property once');
  walk.properties += properties.length;
  if (walk.properties > LIMITS.properties)
    return where(at, `more than ${LIMITS.properties} properties in all`);
  for (const [name, value] of properties) {
    const reason = node(value, `${at}/properties/${pointerToken(name)}`, depth + 1, walk);
    if (reason !== undefined) return reason;
  }
  return undefined;
}
