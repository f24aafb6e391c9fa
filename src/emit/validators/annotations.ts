/**
 * Annotations removed before compiling: they never affect validation (no `useDefaults`, no `verbose`
 * errors), but Ajv embeds the whole schema object in the emitted code whenever a keyword reads from it
 * (large enums, object `const`s), descriptions included. Dropping them shrinks the module and keeps most
 * server prose out of it.
 */
import { SUBSCHEMA_POSITIONS } from '../../shared/schema-keywords.js';
import type { JsonObject, JsonValue } from '../../snapshot/types.js';

const ANNOTATIONS = new Set([
  'title',
  'description',
  '$comment',
  'examples',
  'default',
  'deprecated',
  'readOnly',
  'writeOnly',
]);
const { maps: MAPS, lists: LISTS, single: SINGLE } = SUBSCHEMA_POSITIONS;

/**
 * A copy of `schema` without annotation keywords, walking only subschema positions, so a property
 * called `description` is kept. Unknown keywords stay (a `$ref` may point into them).
 */
export function withoutAnnotations(schema: JsonObject): JsonObject {
  return strip(schema) as JsonObject;
}

function strip(schema: JsonValue): JsonValue {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(schema)) {
    if (ANNOTATIONS.has(key)) continue;
    if (MAPS.has(key) && isMap(value)) {
      // `dependencies` mixes subschemas and arrays of names; arrays pass through strip unchanged.
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, sub]) => [name, Array.isArray(sub) ? sub : strip(sub)]),
      );
    } else if (LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map(strip);
    } else if (SINGLE.has(key)) {
      out[key] = strip(value);
    } else {
      out[key] = value;
    }
  }
  return out;
}

function isMap(value: JsonValue): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
