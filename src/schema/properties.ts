import { compareStrings } from '../shared/compare.js';
import { isObject } from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
import { derefSchema } from './refs.js';

/** How deep the walk follows nested objects, arrays, unions and `$ref`s. */
const MAX_DEPTH = 8;

/** One property of an input schema, at any depth, as the walk found it. */
export interface SchemaProperty {
  /** RFC 6901 pointer into the root schema: `/properties/a/items/properties/b`. */
  pointer: string;
  /** As a reader names it: `a[].b`. */
  path: string;
  /** The property's own name (server text). */
  name: string;
  /** Its schema as written: possibly a `$ref`, or a boolean schema. */
  schema: JsonValue;
  /** Whether the object holding it lists it in `required`. */
  required: boolean;
  /** Objects and arrays it is nested in (0 for a property of the root). */
  depth: number;
}

/**
 * Every property of a schema, at any depth: object properties (in code-unit order of their names,
 * so the walk does not depend on the order a server wrote them in), array items, union and `allOf`
 * branches, following local `$ref`s (a `$ref`'s siblings laid over its target). `$ref`s already on
 * the current path are not followed again, so a recursive definition is visited once; the walk
 * stops 8 levels down. Lint counts and flags undocumented ones; the docs list them.
 */
export function* schemaProperties(root: JsonObject): Generator<SchemaProperty> {
  yield* walk(root, root, '', '', 0, 0, new Set());
}

function* walk(
  root: JsonObject,
  node: JsonValue,
  pointer: string,
  path: string,
  depth: number,
  nesting: number,
  seen: ReadonlySet<string>,
): Generator<SchemaProperty> {
  if (depth > MAX_DEPTH || !isObject(node)) return;
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (ref !== undefined) {
    if (seen.has(ref)) return;
    const target = derefSchema(root, node);
    if (isObject(target))
      yield* walk(
        root,
        { ...target, ...withoutRef(node) },
        pointer,
        path,
        depth + 1,
        nesting,
        new Set([...seen, ref]),
      );
    return;
  }
  if (isObject(node.properties)) {
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    const names = Object.keys(node.properties).sort(compareStrings);
    for (const name of names) {
      const schema = node.properties[name]!;
      const at = `${pointer}/properties/${pointerToken(name)}`;
      const childPath = path ? `${path}.${name}` : name;
      yield {
        pointer: at,
        path: childPath,
        name,
        schema,
        required: required.has(name),
        depth: nesting,
      };
      yield* walk(root, schema, at, childPath, depth + 1, nesting + 1, seen);
    }
  }
  if (isObject(node.items))
    yield* walk(root, node.items, `${pointer}/items`, `${path}[]`, depth + 1, nesting, seen);
  for (const keyword of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = node[keyword];
    if (Array.isArray(list))
      for (let i = 0; i < list.length; i++)
        yield* walk(root, list[i]!, `${pointer}/${keyword}/${i}`, path, depth + 1, nesting, seen);
  }
}

/** Whether a property's schema, or the target of its `$ref`, has a description that is not blank. */
export function isDescribed(root: JsonObject, schema: JsonValue): boolean {
  return descriptionOf(root, schema) !== undefined;
}

/** A property's description, else its `$ref` target's; undefined when neither has one that is not blank. */
export function descriptionOf(root: JsonObject, schema: JsonValue): string | undefined {
  if (!isObject(schema)) return undefined;
  if (typeof schema.description === 'string' && schema.description.trim() !== '')
    return schema.description;
  const target = typeof schema.$ref === 'string' ? derefSchema(root, schema) : undefined;
  return isObject(target) &&
    typeof target.description === 'string' &&
    target.description.trim() !== ''
    ? target.description
    : undefined;
}

function withoutRef(node: JsonObject): JsonObject {
  const { $ref: _ref, ...rest } = node;
  return rest;
}
