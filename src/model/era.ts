import { isObject } from '../shared/json.js';
import type { JsonObject, JsonValue, ProtocolEra } from '../snapshot/types.js';

export type { ProtocolEra };

/** How a snapshot holds a non-object tool output: in the legacy `{ result }` envelope, or bare. */
export type EraForm = 'wrapped' | 'raw';

export { snapshotEra } from '../snapshot/era.js';

/**
 * SDK v2 servers send a non-object output differently per era (SEP-2106): in the legacy era the
 * listed schema is `{ type: 'object', properties: { result: <schema> }, required: ['result'] }` and
 * `structuredContent` is `{ result: value }`; in the modern era both are bare. Which of the two this
 * snapshot holds, or undefined for ordinary object outputs (identical in both eras).
 *
 * Only an explicit non-object `type` counts as bare: a typeless root (`anyOf` of objects) from a
 * legacy server is sent as is, and unwrapping it would be a guess.
 */
export function eraFormOf(outputSchema: JsonObject | undefined): EraForm | undefined {
  if (outputSchema === undefined) return undefined;
  if (isExplicitNonObject(outputSchema)) return 'raw';
  return isLegacyWrap(outputSchema) ? 'wrapped' : undefined;
}

/**
 * The output schema as the modern era lists it: a legacy `{ result }` wrapper's inner schema, any
 * other schema as it is. The guard hashes this form, so a client generated in one era does not see
 * every non-object output as changed when it connects in the other (templates/runtime-canonical.ts).
 */
export function eraNeutralOutput(outputSchema: JsonObject): JsonValue {
  return isLegacyWrap(outputSchema)
    ? (outputSchema.properties as JsonObject).result!
    : outputSchema;
}

function isExplicitNonObject(schema: JsonValue | undefined): boolean {
  if (!isObject(schema)) return false;
  const type = schema.type;
  if (typeof type === 'string') return type !== 'object';
  return Array.isArray(type) && type.length > 0 && !type.includes('object');
}

// Exactly the SDK's wrapper: no keyword besides these, one property `result`, required, not an object.
function isLegacyWrap(schema: JsonObject): boolean {
  if (
    Object.keys(schema).some((key) => !['$schema', 'type', 'properties', 'required'].includes(key))
  )
    return false;
  if (schema.type !== 'object' || !isObject(schema.properties)) return false;
  const names = Object.keys(schema.properties);
  const required = schema.required;
  if (
    names.length !== 1 ||
    names[0] !== 'result' ||
    !Array.isArray(required) ||
    required.length !== 1 ||
    required[0] !== 'result'
  )
    return false;
  const inner = schema.properties.result;
  return isObject(inner) && inner.type !== 'object';
}
