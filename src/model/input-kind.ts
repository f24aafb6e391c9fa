import { resolveLocalRef } from '../schema/refs.js';
import { MAX_SCHEMA_DEPTH, isObject } from '../shared/json.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';

/**
 * How a tool's method takes its arguments.
 * - `object`: the input schema describes only JSON objects, so its generated type is the parameter.
 * - `open`: it does not (a string, an array, `{}`, a union with a non-object member, …). MCP sends
 *   arguments as a JSON object whatever the schema says, so the method takes an open object
 *   (`Record<string, unknown>`), and the schema's own type is still exported for reference.
 */
export type InputKind = 'object' | 'open';

const SHAPE_KEYWORDS = ['properties', 'patternProperties', 'additionalProperties', 'required'];

/** Decided on the sanitized schema, the one the input type is generated from. */
export function inputKindOf(schema: JsonObject): InputKind {
  return isObjectOnly(schema, schema, 0, new Set()) ? 'object' : 'open';
}

/**
 * Whether every value the generated type admits is an object, judged conservatively: "no" when unsure,
 * which only costs a looser parameter type, never a client that does not compile.
 */
function isObjectOnly(
  node: JsonValue | undefined,
  root: JsonObject,
  depth: number,
  seen: Set<object>,
): boolean {
  if (!isObject(node) || depth > MAX_SCHEMA_DEPTH || seen.has(node)) return false;
  seen.add(node);
  try {
    if (node.tsType === 'never') return true; // our marker for `false`: never is assignable to anything
    if (node.enum !== undefined || node.const !== undefined) return false;
    const types =
      node.type === undefined ? undefined : Array.isArray(node.type) ? node.type : [node.type];
    if (types !== undefined && !(types.length === 1 && types[0] === 'object')) return false;
    const union = Array.isArray(node.anyOf)
      ? node.anyOf
      : Array.isArray(node.oneOf)
        ? node.oneOf
        : undefined;
    if (union && union.length > 0)
      return union.every((member) => isObjectOnly(member, root, depth + 1, seen));
    if (types !== undefined || SHAPE_KEYWORDS.some((key) => node[key] !== undefined)) return true;
    if (
      typeof node.$ref === 'string' &&
      isObjectOnly(resolveLocalRef(root, node.$ref), root, depth + 1, seen)
    )
      return true;
    return (
      Array.isArray(node.allOf) &&
      node.allOf.some((member) => isObjectOnly(member, root, depth + 1, seen))
    );
  } finally {
    seen.delete(node);
  }
}
