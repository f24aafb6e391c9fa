import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { isLocalRef } from './refs.js';
import { docTags } from './doc-tags.js';
import { fromOwnEntries, mapSchema } from './walk.js';
import { isObject, setOwn } from '../shared/json.js';
import {
  ONE_SUBSCHEMA_ONLY,
  SUBSCHEMA_LISTS,
  SUBSCHEMA_LISTS_ONLY,
  SUBSCHEMA_MAPS,
  SUBSCHEMA_SINGLE,
} from '../shared/schema-keywords.js';

/**
 * Make an untrusted schema safe and plain for json-schema-to-typescript:
 * - generator directives (`tsType`, `tsEnumNames`, …) are dropped: they would be emitted verbatim as code;
 * - `title` and `$id` are dropped: they would name types (a title `Promise` would shadow the global); names
 *   come from our naming pass instead. A title is kept as the description when there is none;
 * - a remote or file `$ref` becomes "any value": nothing is ever fetched or read;
 * - 2020-12 `prefixItems`/`items` become draft-07 `items`/`additionalItems`, which the generator knows;
 * - values the generator cannot print safely (object enum members, unknown `type` names) are dropped;
 * - a boolean schema becomes `{}` (true) or a `never` marker (false);
 * - an object schema that declares no properties and does not close itself is an open map, not `{}`
 *   (which in TypeScript accepts strings and numbers);
 * - constraints and examples are kept as JSDoc tags on the description (see doc-tags.ts).
 */
const DIRECTIVES = new Set(['tsType', 'tsEnumNames', 'tsDeclaration']);
const DROPPED = new Set([
  'title',
  '$id',
  'id',
  '$schema',
  '$comment',
  '$anchor',
  '$dynamicAnchor',
  '$dynamicRef',
  '$vocabulary',
  '$recursiveRef',
  '$recursiveAnchor',
]);
const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** Our own, fixed marker for `false` schemas; server-provided tsType never survives sanitizing. */
const NEVER_SCHEMA: JsonObject = { tsType: 'never' };
/** Our own marker for "any value". */
export const UNKNOWN_SCHEMA: JsonObject = { tsType: 'unknown' };

/** `reuse`: sanitized subschemas by node, for definition objects shared between schemas (see mapSchema). */
export function sanitizeSchema(
  schema: JsonValue,
  reuse?: WeakMap<JsonObject, JsonValue>,
): JsonValue {
  return mapSchema(fromBoolean(schema), (node) => cleanNode(node), '', 0, undefined, reuse);
}

const MAPS: ReadonlySet<string> = new Set(SUBSCHEMA_MAPS);
const LISTS_ONLY: ReadonlySet<string> = new Set(SUBSCHEMA_LISTS_ONLY);
const ONE_ONLY: ReadonlySet<string> = new Set(ONE_SUBSCHEMA_ONLY);
const SUBSCHEMA_KEYS: ReadonlySet<string> = new Set<string>([
  ...SUBSCHEMA_MAPS,
  ...SUBSCHEMA_SINGLE,
  ...SUBSCHEMA_LISTS,
  '$ref',
]);

/**
 * A `$ref` inside data (a vendor extension such as GitHub's `x-github-breaking-changes`, a `default`,
 * an `examples` entry) is not a reference, but json-schema-to-typescript's ref parser follows every
 * `$ref` key in the document and fails on one that points nowhere. Such a keyword is documentation
 * at best, so it is dropped. The walk is iterative: reading already bounded the nesting.
 */
function refInData(key: string, value: JsonValue): boolean {
  if (SUBSCHEMA_KEYS.has(key) || value === null || typeof value !== 'object') return false;
  const stack: JsonValue[] = [value];
  while (stack.length) {
    const item = stack.pop()!;
    if (Array.isArray(item)) stack.push(...item);
    else if (isObject(item)) {
      if (Object.hasOwn(item, '$ref')) return true;
      stack.push(...Object.values(item));
    }
  }
  return false;
}

function cleanNode(node: JsonObject): JsonValue {
  const out: JsonObject = {};
  // Kept as tags only; left in, json-schema-to-typescript would type a schema without `type` by its default's type.
  let defaultValue: JsonValue | undefined;
  let examples: JsonValue | undefined;
  // One pass over the node's own keys: looking up each keyword of the taxonomy instead would miss on most nodes.
  for (const key of Object.keys(node)) {
    const value = node[key]!;
    if (DIRECTIVES.has(key) || DROPPED.has(key) || refInData(key, value)) continue;
    if (key === 'default') defaultValue = value;
    else if (key === 'examples') examples = value;
    else if (MAPS.has(key)) {
      if (isObject(value))
        out[key] = Object.values(value).some(isBoolean)
          ? fromOwnEntries(Object.entries(value).map(([k, v]) => [k, fromBoolean(v)]))
          : value;
    } else if (LISTS_ONLY.has(key)) {
      if (Array.isArray(value)) out[key] = value.some(isBoolean) ? value.map(fromBoolean) : value;
    } else if (ONE_ONLY.has(key) && typeof value === 'boolean') {
      out[key] =
        key !== 'additionalProperties' && key !== 'additionalItems' ? fromBoolean(value) : value;
    }
    // setOwn, not assignment: a `__proto__` keyword must stay a key, not become the prototype.
    else setOwn(out, key, value);
  }
  if (typeof node.title === 'string' && node.title.trim() && typeof node.description !== 'string')
    out.description = node.title;
  if (typeof out.$ref === 'string' && !isLocalRef(out.$ref)) {
    const ref = out.$ref;
    delete out.$ref;
    out.description = [
      out.description,
      `(external $ref ${JSON.stringify(ref)} is not followed: typed as unknown)`,
    ]
      .filter(Boolean)
      .join('\n');
  } else if (out.$ref !== undefined && typeof out.$ref !== 'string') {
    delete out.$ref;
  }
  normalizeTuples(out);
  if (out.type !== undefined) {
    const types = (Array.isArray(out.type) ? out.type : [out.type]).filter(
      (t): t is string => typeof t === 'string' && JSON_TYPES.has(t),
    );
    if (types.length === 0) delete out.type;
    else out.type = types.length === 1 ? types[0]! : types;
  }
  if (out.enum !== undefined) {
    if (
      !Array.isArray(out.enum) ||
      out.enum.some((v) => v !== null && typeof v === 'object') ||
      out.enum.length === 0
    )
      delete out.enum;
  }
  if (out.const !== undefined && out.const !== null && typeof out.const === 'object')
    delete out.const;
  if (out.required !== undefined) {
    if (Array.isArray(out.required))
      out.required = out.required.filter((r) => typeof r === 'string');
    else delete out.required;
  }
  if (out.description !== undefined && typeof out.description !== 'string') delete out.description;
  parenthesizeNegativeLiterals(out);
  openLooseObject(out);
  const tags = docTags(out, defaultValue, examples);
  if (tags)
    out.description =
      typeof out.description === 'string' && out.description.trim()
        ? `${out.description}\n\n${tags}`
        : tags;
  return markUnknownIfUntyped(out);
}

/**
 * json-schema-to-typescript prints `{ "items": { "const": -1 } }` as `-1[]`, which does not parse.
 * Literal unions with a negative number are printed by us, parenthesized, from JSON (so nothing but
 * literals): `(-1 | 'a')[]` then parses wherever the type lands.
 */
function parenthesizeNegativeLiterals(node: JsonObject): void {
  const values =
    node.const !== undefined ? [node.const] : Array.isArray(node.enum) ? node.enum : undefined;
  if (!values || !values.some((v) => typeof v === 'number' && (v < 0 || Object.is(v, -0)))) return;
  if (!values.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
    return;
  const literals = [
    ...new Set(values.map((v) => (typeof v === 'number' ? String(v) : JSON.stringify(v)))),
  ];
  node.tsType = `(${literals.join(' | ')})`;
}

/** Keywords json-schema-to-typescript derives a type from. */
const TYPING = [
  'type',
  'enum',
  'const',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'items',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
  'tsType',
];

/**
 * A schema that constrains nothing accepts every value, but json-schema-to-typescript types any
 * non-empty one (`{ "description": "…" }`) as an object. Our own `unknown` marker says what it means.
 */
export function markUnknownIfUntyped(node: JsonObject): JsonObject {
  if (TYPING.some((key) => node[key] !== undefined)) return node;
  return { ...node, ...UNKNOWN_SCHEMA };
}

/**
 * `{ "type": "object" }` with nothing else says "any object": json-schema-to-typescript would print `{}`,
 * which accepts any non-nullish value. An explicit `additionalProperties: true` makes it an index signature.
 * Objects that declare properties, close themselves, or take their shape from a composition are left as they are.
 */
function openLooseObject(node: JsonObject): void {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  if (!types.includes('object')) return;
  if (isObject(node.properties) && Object.keys(node.properties).length > 0) return;
  const shaped = [
    'patternProperties',
    'unevaluatedProperties',
    'allOf',
    'anyOf',
    'oneOf',
    '$ref',
    'if',
    'not',
  ];
  if (shaped.some((key) => node[key] !== undefined)) return;
  if (node.additionalProperties === undefined) node.additionalProperties = true;
  // Closed and empty: only `{}` is valid, and the generator's `{}` would accept a string. Our own fixed type text.
  else if (node.additionalProperties === false && types.length === 1)
    Object.assign(node, EMPTY_OBJECT_SCHEMA);
}

const EMPTY_OBJECT_SCHEMA: JsonObject = { tsType: '{ [key: string]: never }' };

/** prefixItems: [A, B], items: C  →  items: [A, B], additionalItems: C (draft-07 tuple form). */
function normalizeTuples(node: JsonObject): void {
  const prefix = node.prefixItems;
  if (!Array.isArray(prefix)) return;
  const rest = node.items;
  delete node.prefixItems;
  node.items = prefix;
  if (rest === undefined) delete node.additionalItems;
  else node.additionalItems = rest;
}

function isBoolean(value: JsonValue): boolean {
  return typeof value === 'boolean';
}

function fromBoolean(schema: JsonValue): JsonValue {
  if (schema === true) return { ...UNKNOWN_SCHEMA }; // not `{}`: with a title (a hoisted def) the generator makes that an object
  if (schema === false) return { ...NEVER_SCHEMA };
  return schema;
}
