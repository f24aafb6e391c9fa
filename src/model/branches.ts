import { isObject } from '../shared/json.js';
import { derefSchema } from '../schema/refs.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import {
  CODE_PROPERTIES,
  alternatives,
  constValues,
  envelopeKey,
  isCodeToken,
} from '../schema/error-codes.js';
import type { BranchKind } from './types.js';

export interface OutputBranch {
  index: number;
  kind: BranchKind;
  /** The branch with its parent's keywords merged in, root `$defs` kept: a schema that stands alone. */
  schema: JsonObject;
  required: string[];
  code?: string;
  /** For error branches: the property whose `const`/`enum` values tell this branch from the others. */
  discriminator?: { key: string; values: string[] };
}

const COMPOSITION = ['anyOf', 'oneOf'];

/**
 * Split an output schema into its branches. Branch 0 of an `anyOf`/`oneOf` is the documented success
 * payload; later branches are coded error envelopes (a single leading-underscore required key, or
 * a code key of `CODE_PROPERTIES` with fixed values) or alternatives (projections, summaries, wrappers).
 */
export function outputBranches(schema: JsonObject): OutputBranch[] {
  const list = alternatives(schema);
  const composed = list.length > 1 || list[0] !== schema;
  return list.map((raw, index) => {
    const branch = composed ? mergeBranch(schema, derefSchema(schema, raw)) : { ...schema };
    const required = requiredOf(branch);
    const kind: BranchKind =
      index === 0 ? 'documented' : isErrorBranch(schema, branch) ? 'error' : 'alternative';
    const code = kind === 'error' ? envelopeKey(branch) : undefined;
    const discriminator = kind === 'error' ? discriminatorOf(schema, branch) : undefined;
    return {
      index,
      kind,
      schema: branch,
      required,
      ...(code ? { code } : {}),
      ...(discriminator ? { discriminator } : {}),
    };
  });
}

// A code key with fixed string values makes an error branch, whether or not they are codes: a branch
// whose values are sentences is still an error, one the runtime reports as `$uncoded` with the sentence.
function isErrorBranch(root: JsonObject, branch: JsonObject): boolean {
  if (envelopeKey(branch)) return true;
  return CODE_PROPERTIES.some((key) => constValues(root, branch, key).length > 0);
}

/** The first code property with fixed codes: error branches sharing `error` differ by its value. */
function discriminatorOf(
  root: JsonObject,
  branch: JsonObject,
): { key: string; values: string[] } | undefined {
  for (const key of CODE_PROPERTIES) {
    const values = constValues(root, branch, key).filter(isCodeToken);
    if (values.length > 0) return { key, values: [...new Set(values)].sort() };
  }
  return undefined;
}

/** allOf(parent without the composition, branch): properties merged, `required` united. */
function mergeBranch(parent: JsonObject, branch: JsonValue | undefined): JsonObject {
  const base: JsonObject = {};
  for (const [key, value] of Object.entries(parent))
    if (!COMPOSITION.includes(key)) base[key] = value;
  const b: JsonObject = isObject(branch) ? branch : {};
  const merged: JsonObject = { ...base, ...b };
  if (isObject(base.properties) || isObject(b.properties)) {
    merged.properties = {
      ...(isObject(base.properties) ? base.properties : {}),
      ...(isObject(b.properties) ? b.properties : {}),
    };
  }
  const required = [...new Set([...requiredOf(base), ...requiredOf(b)])];
  if (required.length) merged.required = required;
  // Keep the root's definitions so the branch can be validated (and typed) on its own.
  for (const defs of ['$defs', 'definitions'])
    if (parent[defs] !== undefined) merged[defs] = parent[defs]!;
  if (parent.$schema !== undefined) merged.$schema = parent.$schema;
  return merged;
}

export function requiredOf(schema: JsonObject): string[] {
  return Array.isArray(schema.required)
    ? schema.required.filter((r): r is string => typeof r === 'string')
    : [];
}

/**
 * A branch that only lists required keys (`{ required: ["projection"] }`) says those keys exist, not
 * that nothing else may: type them as present-but-unknown and leave the object open.
 */
export function declareRequiredKeys(schema: JsonObject): JsonObject {
  const required = requiredOf(schema);
  const props = isObject(schema.properties) ? schema.properties : undefined;
  const missing = required.filter(
    (key) => !props || !Object.prototype.hasOwnProperty.call(props, key),
  );
  if (missing.length === 0) return schema;
  const out: JsonObject = {
    ...schema,
    properties: { ...(props ?? {}), ...Object.fromEntries(missing.map((k) => [k, {}])) },
  };
  if (!props && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}
