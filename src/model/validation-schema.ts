import { isLocalRef } from '../schema/refs.js';
import { MAX_JSON_DEPTH } from '../shared/json.js';
import { mapSchema } from '../schema/walk.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';

/**
 * The schema as embedded for run-time validation: the server's own keywords (validation must judge
 * what the server declared), minus what cannot work offline or would clash between tools: a remote
 * `$ref` (never fetched) accepts anything, `$id` is dropped so tools sharing one do not collide.
 * OpenAPI's `nullable: true` beside a `type` (servers made from OpenAPI send it) adds `"null"` to the
 * type, which is what it means and what every JSON Schema validator understands.
 */
export function prepareValidationSchema(
  schema: JsonValue,
  /** Results for shared definitions, by node (mapSchema's `reuse`): the schemas then share those parts. */
  reuse?: WeakMap<JsonObject, JsonValue>,
): JsonObject {
  // Not cut at the type depth bound: a cut subschema accepts anything, which under `oneOf` or `not` would
  // reject everything. Reading bounds the nesting (MAX_JSON_DEPTH), and that bound is the one used here.
  const out = mapSchema(
    schema,
    (node) => {
      const remote = typeof node.$ref === 'string' && !isLocalRef(node.$ref);
      const nullable = node.nullable === true ? nullableType(node.type) : undefined;
      // Most nodes keep every keyword: `node` is mapSchema's fresh copy, so only those that lose one are copied again.
      if (node.$id === undefined && node.id === undefined && !remote && nullable === undefined)
        return node;
      const copy: JsonObject = { ...node };
      delete copy.$id;
      delete copy.id;
      if (remote) delete copy.$ref;
      if (nullable !== undefined) copy.type = nullable;
      return copy;
    },
    '',
    0,
    MAX_JSON_DEPTH,
    reuse,
  );
  return out !== null && typeof out === 'object' && !Array.isArray(out) ? out : {};
}

// The type with "null" added, or undefined where there is nothing to add (no type, or null already in it).
function nullableType(type: JsonValue | undefined): JsonValue[] | undefined {
  if (typeof type === 'string') return type === 'null' ? undefined : [type, 'null'];
  if (Array.isArray(type) && type.every((t) => typeof t === 'string') && !type.includes('null'))
    return [...type, 'null'];
  return undefined;
}
