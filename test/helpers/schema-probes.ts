/**
 * Instances for the differential test of validation (test/validation-differential.test.ts): for any
 * JSON Schema a server sends, one value built to pass it (enum, const, defaults and each required
 * property filled in, following local `$ref`s) and values that each break it in one place (a required
 * property dropped, an extra property added, a property of the wrong type, the wrong root type).
 * Whether each is valid is not assumed: the oracle (Ajv) says so, and the test counts both kinds.
 */
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Node = { readonly [key: string]: unknown };

const MAX_DEPTH = 8;

const isNode = (v: unknown): v is Node => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The schema a local `$ref` (`#/a/b`) points to, or undefined. */
function resolveLocal(root: Node, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let at: unknown = root;
  for (const raw of ref.slice(1).split('/').slice(1)) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isNode(at) && !Array.isArray(at)) return undefined;
    at = (at as Record<string, unknown>)[key];
  }
  return at;
}

function firstType(schema: Node): string | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') ?? type[0];
  if (isNode(schema['properties'])) return 'object';
  if (schema['items'] !== undefined) return 'array';
  return undefined;
}

/** A value meant to pass `schema` (best effort). */
export function passingValue(root: Node, schema: unknown = root, depth = 0): Json {
  if (!isNode(schema) || depth > MAX_DEPTH) return null;
  if (typeof schema['$ref'] === 'string')
    return passingValue(root, resolveLocal(root, schema['$ref']), depth + 1);
  if ('const' in schema) return schema['const'] as Json;
  if (Array.isArray(schema['enum']) && schema['enum'].length > 0) return schema['enum'][0] as Json;
  if ('default' in schema) return schema['default'] as Json;
  if (Array.isArray(schema['examples']) && schema['examples'].length > 0)
    return schema['examples'][0] as Json;
  for (const union of ['anyOf', 'oneOf', 'allOf'])
    if (Array.isArray(schema[union]) && schema[union].length > 0 && firstType(schema) === undefined)
      return passingValue(root, schema[union][0], depth + 1);
  switch (firstType(schema)) {
    case 'object': {
      const out: { [key: string]: Json } = {};
      const properties = isNode(schema['properties']) ? schema['properties'] : {};
      const required = Array.isArray(schema['required']) ? schema['required'] : [];
      for (const key of required)
        if (typeof key === 'string') out[key] = passingValue(root, properties[key], depth + 1);
      return out;
    }
    case 'array': {
      const min = typeof schema['minItems'] === 'number' ? Math.min(schema['minItems'], 3) : 0;
      return Array.from({ length: min }, () => passingValue(root, schema['items'], depth + 1));
    }
    case 'string': {
      const min = typeof schema['minLength'] === 'number' ? Math.min(schema['minLength'], 64) : 0;
      return STRING_BY_FORMAT[String(schema['format'])] ?? 'x'.repeat(Math.max(min, 1));
    }
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return {};
  }
}

const STRING_BY_FORMAT: Record<string, string> = {
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '12:00:00Z',
  email: 'a@example.com',
  uri: 'https://example.com/a',
  url: 'https://example.com/a',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  ipv4: '127.0.0.1',
  hostname: 'example.com',
};

const WRONG: Json[] = [1.5, 'x', true, null, [], {}, -1, '2025-13-45', 'a b'];

/** The passing value and, around it, values that each break one thing. */
export function probeValues(root: Node): Json[] {
  const base = passingValue(root);
  const out: Json[] = [base, null, 'text', 42, [], {}];
  if (isNode(base)) {
    const keys = Object.keys(base);
    for (const key of keys) {
      const { [key]: _dropped, ...rest } = base;
      out.push(rest);
      for (const wrong of WRONG) out.push({ ...base, [key]: wrong });
    }
    out.push({ ...base, __extra__: 1 });
    const properties = isNode(root['properties']) ? Object.keys(root['properties']) : [];
    for (const key of properties.slice(0, 12))
      for (const wrong of WRONG.slice(0, 4)) out.push({ ...base, [key]: wrong });
  }
  return out;
}
