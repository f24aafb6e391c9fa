import { pointerToken } from '../errors.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';

/** Keywords whose value is a map of name → subschema. */
export const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'] as const;
/** Keywords whose value is one subschema. */
export const SUBSCHEMA_SINGLE = [
  'additionalProperties', 'additionalItems', 'unevaluatedItems', 'unevaluatedProperties', 'not', 'if', 'then', 'else',
  'contains', 'propertyNames', 'items',
] as const;
/** Keywords whose value is a list of subschemas. */
export const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'] as const;

export const MAX_SCHEMA_DEPTH = 64;
export const TOO_DEEP = `(nested deeper than ${MAX_SCHEMA_DEPTH} levels: typed as unknown)`;

export function isObject(value: unknown): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * Rebuild a schema bottom-up: `visit` sees each (sub)schema object after its subschemas were
 * rebuilt, with its JSON pointer and depth. Non-schema values (`enum`, `default`, …) are left alone.
 */
export function mapSchema(
  schema: JsonValue,
  visit: (node: JsonObject, pointer: string, depth: number) => JsonValue,
  pointer = '',
  depth = 0,
): JsonValue {
  if (!isObject(schema)) return schema;
  // A hostile schema can nest arbitrarily deep; past this it is typed as unknown instead of overflowing the stack.
  if (depth > MAX_SCHEMA_DEPTH) return { description: TOO_DEEP };
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${pointerToken(key)}`;
    if ((SUBSCHEMA_MAPS as readonly string[]).includes(key) && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, mapSchema(sub, visit, `${at}/${pointerToken(name)}`, depth + 1)]),
      );
    } else if ((SUBSCHEMA_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      out[key] = value.map((sub, i) => mapSchema(sub, visit, `${at}/${i}`, depth + 1));
    } else if ((SUBSCHEMA_SINGLE as readonly string[]).includes(key)) {
      out[key] = mapSchema(value, visit, at, depth + 1);
    } else {
      out[key] = value;
    }
  }
  return visit(out, pointer, depth);
}

/** Every `$ref` string in a schema, with the pointer of the node holding it. */
export function collectRefs(schema: JsonValue, pointer = ''): Array<{ ref: string; at: string }> {
  const found: Array<{ ref: string; at: string }> = [];
  mapSchema(
    schema,
    (node, at) => {
      if (typeof node.$ref === 'string') found.push({ ref: node.$ref, at });
      return node;
    },
    pointer,
  );
  return found;
}
