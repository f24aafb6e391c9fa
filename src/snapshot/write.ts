import { compareStrings } from '../shared/compare.js';
import { isObject, setOwn, type JsonObject, type JsonValue } from '../shared/json.js';
import {
  COMBINING_APPLICATORS,
  ITEMS,
  NUMERIC_CONSTRAINTS,
  ONE_SUBSCHEMA_ONLY,
  SUBSCHEMA_LISTS_ONLY,
  SUBSCHEMA_MAPS,
} from '../shared/schema-keywords.js';
import { indented, writePretty } from './pretty-json.js';
import type { Snapshot } from './types.js';
import { SNAPSHOT_FORMAT } from './types.js';
import { hasKeys, writtenVersion } from './version.js';

/**
 * Strict, canonical writing: the same catalog gives the same bytes whatever order the server
 * listed it in or wrote its keys in, so a committed snapshot only changes when the API does.
 * Lists are sorted by their identity (name, uri), object keys by a fixed order and then
 * alphabetically. Only `anyOf`/`oneOf`/`allOf`/`enum`/`prefixItems` keep their order: it means something.
 *
 * A catalog repeats the same root definitions in every tool (an OpenAPI description's components):
 * each distinct one is made canonical and written once, and its text reused wherever it stands.
 * `definition` may be shared with the model of the same snapshot, which then finds them made.
 */
export function serializeSnapshot(
  snapshot: Snapshot,
  definition: CanonicalDefinitions = canonicalDefinitions(),
): string {
  const written = new Map<object, { indent: string; text: string }>();
  const known = (value: object, indent: string): string | undefined => {
    if (!definition.made.has(value)) return undefined;
    let text = written.get(value);
    if (text === undefined || text.indent !== indent) {
      text = { indent, text: indented(JSON.stringify(value, null, 2), indent) };
      written.set(value, text);
    }
    return text.text;
  };
  const canonical = canonicalSnapshot(snapshot, (schema) =>
    canonicalSchemaWith(schema, definition),
  );
  const parts: string[] = [];
  writePretty(canonical, '', parts, known);
  parts.push('\n');
  return parts.join('');
}

/** canonicalSchema of `$defs` entries, with `made`, the results, which it gives each time again. */
export type CanonicalDefinitions = ((entry: JsonValue) => JsonValue) & { made: WeakSet<object> };

/**
 * canonicalSchema of each `$defs` entry, once per distinct text as sent (and once per entry object:
 * a second pass over the same snapshot writes no text); `made` holds the results (one object for
 * every entry of that text), so a caller can tell them by identity.
 */
export function canonicalDefinitions(): CanonicalDefinitions {
  const byText = new Map<string, JsonValue>();
  const byEntry = new WeakMap<object, JsonValue>();
  const made = new WeakSet<object>();
  const definition = (entry: JsonValue): JsonValue => {
    // A value that is not an object has nothing worth sharing.
    if (entry === null || typeof entry !== 'object') return canonicalSchema(entry);
    let canonical = byEntry.get(entry);
    if (canonical !== undefined) return canonical;
    const text = JSON.stringify(entry);
    canonical = byText.get(text);
    if (canonical === undefined) {
      canonical = canonicalSchema(entry);
      byText.set(text, canonical);
      if (canonical !== null && typeof canonical === 'object') made.add(canonical);
    }
    byEntry.set(entry, canonical);
    return canonical;
  };
  return Object.assign(definition, { made });
}

export function canonicalSnapshot(
  snapshot: Snapshot,
  schema: (schema: JsonValue) => JsonValue = canonicalSchema,
): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {
    format: SNAPSHOT_FORMAT,
    version: writtenVersion(snapshot),
  };
  if (snapshot.provenance !== undefined)
    out.provenance = sortKeys(snapshot.provenance as unknown as JsonValue);
  if (snapshot.protocolVersion !== undefined) out.protocolVersion = snapshot.protocolVersion;
  if (snapshot.era !== undefined) out.era = snapshot.era;
  if (snapshot.serverInfo !== undefined)
    out.serverInfo = ordered(snapshot.serverInfo, ['name', 'title', 'version']);
  if (snapshot.capabilities !== undefined) out.capabilities = sortKeys(snapshot.capabilities);
  if (hasKeys(snapshot.clientCapabilities))
    out.clientCapabilities = sortKeys(snapshot.clientCapabilities);
  if (snapshot.clientCapabilitiesNotSent?.length)
    out.clientCapabilitiesNotSent = [...new Set(snapshot.clientCapabilitiesNotSent)].sort(
      compareStrings,
    );
  if (snapshot.instructions !== undefined) out.instructions = snapshot.instructions;
  if (snapshot.unsupportedLists?.length)
    out.unsupportedLists = sortByKey(snapshot.unsupportedLists, (l) => l.method).map((l) =>
      ordered(l, ['method', 'code', 'message']),
    );
  out.tools = sortByKey(snapshot.tools, (t) => t.name).map((tool) => {
    const t = ordered(tool, TOOL_KEYS, TOOL_SCHEMAS);
    t.inputSchema = schema(tool.inputSchema);
    if (tool.outputSchema !== undefined) t.outputSchema = schema(tool.outputSchema);
    return t;
  });
  out.resources = sortByKey(snapshot.resources, (r) => r.uri).map((r) =>
    ordered(r, ['uri', 'name', 'title', 'description', 'mimeType', 'size']),
  );
  out.resourceTemplates = sortByKey(snapshot.resourceTemplates, (r) => r.uriTemplate).map((r) =>
    ordered(r, ['uriTemplate', 'name', 'title', 'description', 'mimeType']),
  );
  if (snapshot.uiResources?.length)
    out.uiResources = sortByKey(snapshot.uiResources, (r) => r.uri).map((r) =>
      ordered(r, ['uri', 'mimeType', 'ui', 'sha256', 'bytes', 'error', 'text', 'blob']),
    );
  out.prompts = sortByKey(snapshot.prompts, (p) => p.name).map((prompt) => {
    const p = ordered(prompt, ['name', 'title', 'description', 'arguments']);
    if (prompt.arguments)
      p.arguments = prompt.arguments.map((a) =>
        ordered(a, ['name', 'title', 'description', 'required']),
      );
    return p;
  });
  return out;
}

const TOOL_KEYS = [
  'name',
  'title',
  'description',
  'inputSchema',
  'outputSchema',
  'annotations',
  'execution',
  'icons',
  '_meta',
];

const TOOL_SCHEMAS: ReadonlySet<string> = new Set(['inputSchema', 'outputSchema']);

/** Keywords in reading order; anything else follows alphabetically. */
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
  ...NUMERIC_CONSTRAINTS,
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
  ...COMBINING_APPLICATORS,
  '$defs',
  'definitions',
];
const SCHEMA_RANK = rankOf(SCHEMA_KEYS);
const SCHEMA_MAPS: ReadonlySet<string> = new Set(SUBSCHEMA_MAPS);
const SCHEMA_ONE: ReadonlySet<string> = new Set(ONE_SUBSCHEMA_ONLY);
const SCHEMA_LISTS: ReadonlySet<string> = new Set(SUBSCHEMA_LISTS_ONLY);

export function canonicalSchema(schema: JsonValue): JsonValue {
  return canonicalSchemaWith(schema, canonicalSchema);
}

/**
 * The canonical schema, with `definition` making the canonical form of each of the root's `$defs`
 * (or `definitions`) entries: a caller that sees the same definitions in many schemas makes each once.
 */
export function canonicalSchemaWith(
  schema: JsonValue,
  definition: (entry: JsonValue) => JsonValue,
): JsonValue {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  // Set with setOwn, never by plain assignment: a `__proto__` key stays a key and sets no prototype.
  const out: JsonObject = {};
  for (const key of orderKeys(Object.keys(schema), SCHEMA_RANK)) {
    const entry = key === '$defs' || key === 'definitions' ? definition : canonicalSchema;
    setOwn(out, key, canonicalValue(key, schema[key]!, entry));
  }
  return out;
}

/** `entry` makes the canonical form of each entry of a map of subschemas (`properties`, `$defs`, …). */
function canonicalValue(
  key: string,
  value: JsonValue,
  entry: (value: JsonValue) => JsonValue,
): JsonValue {
  if (SCHEMA_MAPS.has(key) && isObject(value)) {
    const out: JsonObject = {};
    for (const k of sortedKeys(value)) setOwn(out, k, entry(value[k]!));
    return out;
  }
  if (SCHEMA_ONE.has(key)) return canonicalSchema(value);
  if (SCHEMA_LISTS.has(key) && Array.isArray(value)) return value.map(canonicalSchema);
  if (key === ITEMS)
    return Array.isArray(value) ? value.map(canonicalSchema) : canonicalSchema(value);
  if (
    (key === 'required' || key === 'type') &&
    Array.isArray(value) &&
    value.every((v) => typeof v === 'string')
  ) {
    return [...new Set(value as string[])].sort(compareStrings);
  }
  if (key === 'enum' || key === 'examples')
    return Array.isArray(value) ? value.map(sortKeys) : sortKeys(value);
  return sortKeys(value);
}

export function sortKeys(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const k of sortedKeys(value)) setOwn(out, k, sortKeys(value[k]!));
  return out;
}

/** `later`: keys placed here but whose values the caller replaces (a tool's schemas), so not sorted in vain. */
function ordered(
  obj: object,
  first: string[],
  later: ReadonlySet<string> = new Set(),
): Record<string, JsonValue> {
  const entries: Array<[string, JsonValue]> = [];
  for (const key of orderKeys(Object.keys(obj), rankOf(first))) {
    const value = (obj as Record<string, unknown>)[key];
    if (value !== undefined)
      entries.push([key, later.has(key) ? (value as JsonValue) : sortKeys(value as JsonValue)]);
  }
  return Object.fromEntries(entries);
}

/** Each key's place in a fixed order (a map, so a sort compares in constant time); the rest share the last place. */
type Rank = ReadonlyMap<string, number>;

function rankOf(first: readonly string[]): Rank {
  return new Map(first.map((key, i) => [key, i]));
}

function orderKeys(keys: string[], first: Rank): string[] {
  const last = first.size;
  return keys.sort(
    (a, b) => (first.get(a) ?? last) - (first.get(b) ?? last) || compareStrings(a, b),
  );
}

/** Code-unit order: what `compareStrings` gives, by the built-in comparison of strings. */
function sortedKeys(obj: object): string[] {
  return Object.keys(obj).sort();
}

function sortByKey<T>(items: readonly T[], key: (item: T) => string): T[] {
  return [...items].sort((a, b) => compareStrings(key(a), key(b)));
}
