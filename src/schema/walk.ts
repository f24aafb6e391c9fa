import {
  MAX_SCHEMA_DEPTH,
  isObject,
  setOwn,
  type JsonObject,
  type JsonValue,
} from '../shared/json.js';
import { pointerToken } from '../shared/pointer.js';
import { SUBSCHEMA_LISTS, SUBSCHEMA_MAPS, SUBSCHEMA_SINGLE } from '../shared/schema-keywords.js';

export const TOO_DEEP = `(nested deeper than ${MAX_SCHEMA_DEPTH} levels: typed as unknown)`;

/** Own entries into a fresh object: `Object.fromEntries` defines `__proto__` as a key instead of setting a prototype. */
export function fromOwnEntries(entries: Iterable<readonly [string, JsonValue]>): JsonObject {
  return Object.fromEntries(entries) as JsonObject;
}

const MAPS: ReadonlySet<string> = new Set(SUBSCHEMA_MAPS);
const LISTS: ReadonlySet<string> = new Set(SUBSCHEMA_LISTS);
const SINGLE: ReadonlySet<string> = new Set(SUBSCHEMA_SINGLE);

/**
 * Rebuild a schema bottom-up: `visit` sees each (sub)schema object after its subschemas were
 * rebuilt, with its JSON pointer and depth. Non-schema values (`enum`, `default`, …) are left alone.
 *
 * `reuse` holds results by node for the nodes one level down (a root's definitions, its properties):
 * a node met there again (many tools share one definition object) is not walked again. Only for a
 * `visit` that ignores the pointer: the result then depends on the node and its depth alone.
 */
export function mapSchema(
  schema: JsonValue,
  visit: (node: JsonObject, pointer: string, depth: number) => JsonValue,
  pointer = '',
  depth = 0,
  limit = MAX_SCHEMA_DEPTH,
  reuse?: WeakMap<JsonObject, JsonValue>,
): JsonValue {
  if (!isObject(schema)) return schema;
  if (reuse && depth === 1) {
    const known = reuse.get(schema);
    if (known !== undefined) return known;
    const result = mapSchema(schema, visit, pointer, depth, limit);
    reuse.set(schema, result);
    return result;
  }
  // A hostile schema can nest arbitrarily deep; past this it is typed as unknown instead of overflowing the stack.
  // `tsType` is our own marker (server ones are dropped by sanitize), so the type is `unknown`, not an object; validators ignore it.
  if (depth > limit) return visit({ description: TOO_DEEP, tsType: 'unknown' }, pointer, depth);
  // A loop, not entries → map → fromEntries: every walk of every schema comes through here.
  const out: JsonObject = {};
  for (const key of Object.keys(schema)) {
    const value = schema[key]!;
    let rebuilt: JsonValue = value;
    if (MAPS.has(key) && isObject(value)) {
      const at = `${pointer}/${pointerToken(key)}`;
      const map: JsonObject = {};
      for (const name of Object.keys(value))
        setOwn(
          map,
          name,
          mapSchema(value[name]!, visit, `${at}/${pointerToken(name)}`, depth + 1, limit, reuse),
        );
      rebuilt = map;
    } else if (LISTS.has(key) && Array.isArray(value)) {
      const at = `${pointer}/${pointerToken(key)}`;
      rebuilt = value.map((sub, i) => mapSchema(sub, visit, `${at}/${i}`, depth + 1, limit, reuse));
    } else if (SINGLE.has(key)) {
      rebuilt = mapSchema(value, visit, `${pointer}/${pointerToken(key)}`, depth + 1, limit, reuse);
    }
    setOwn(out, key, rebuilt);
  }
  return visit(out, pointer, depth);
}

/** The pointer of the first subschema nested deeper than MAX_SCHEMA_DEPTH (breadth first, without recursion), if any. */
export function tooDeepSchema(
  schema: JsonValue,
  /** Nodes known to hold nothing too deep when one level down (shared definitions): not walked again. */
  shallow?: WeakSet<object>,
): string | undefined {
  // Every tool's schemas come through here and almost none is too deep: the queue holds each node's
  // parent and the tokens leading to it, and a pointer is built only for the node that is.
  const nodes: JsonValue[] = [schema];
  const depths: number[] = [0];
  const parents: number[] = [-1];
  const tokens: Array<ReadonlyArray<string | number>> = [[]];
  const enqueue = (node: JsonValue, parent: number, path: ReadonlyArray<string | number>) => {
    // Leaving out a subtree with nothing too deep in it changes no other node's place in the order.
    if (parent === 0 && shallow && isObject(node) && shallow.has(node)) return;
    nodes.push(node);
    depths.push(depths[parent]! + 1);
    parents.push(parent);
    tokens.push(path);
  };
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i]!;
    if (!isObject(node)) continue;
    if (depths[i]! > MAX_SCHEMA_DEPTH) return pointerTo(i, parents, tokens);
    for (const key of Object.keys(node)) {
      const value = node[key]!;
      if (MAPS.has(key) && isObject(value)) {
        for (const name of Object.keys(value)) enqueue(value[name]!, i, [key, name]);
      } else if (LISTS.has(key) && Array.isArray(value)) {
        value.forEach((sub, n) => enqueue(sub, i, [key, n]));
      } else if (SINGLE.has(key)) enqueue(value, i, [key]);
    }
  }
  if (shallow)
    for (let i = 1; i < nodes.length && depths[i] === 1; i++) {
      const node = nodes[i];
      if (isObject(node)) shallow.add(node);
    }
  return undefined;
}

function pointerTo(
  index: number,
  parents: readonly number[],
  tokens: ReadonlyArray<ReadonlyArray<string | number>>,
): string {
  const parts: string[] = [];
  for (let i = index; i > 0; i = parents[i]!)
    parts.unshift(tokens[i]!.map((t) => `/${pointerToken(t)}`).join(''));
  return parts.join('');
}

/**
 * Every `$ref` string in a schema, in the order `mapSchema` visits the nodes holding them (children
 * first), down to the same depth bound. Read only: nothing is rebuilt, no pointer is built.
 * `reuse` holds the refs of nodes one level down, by node, as mapSchema's does its results.
 */
export function collectRefs(schema: JsonValue, reuse?: WeakMap<JsonObject, string[]>): string[] {
  const found: string[] = [];
  const walk = (node: JsonValue, depth: number, into: string[]): void => {
    if (!isObject(node) || depth > MAX_SCHEMA_DEPTH) return;
    if (reuse && depth === 1) {
      let refs = reuse.get(node);
      if (!refs) {
        refs = [];
        walkChildren(node, depth, refs);
        reuse.set(node, refs);
      }
      into.push(...refs);
      return;
    }
    walkChildren(node, depth, into);
  };
  const walkChildren = (node: JsonObject, depth: number, into: string[]): void => {
    for (const key of Object.keys(node)) {
      const value = node[key]!;
      if (MAPS.has(key) && isObject(value)) {
        for (const name of Object.keys(value)) walk(value[name]!, depth + 1, into);
      } else if (LISTS.has(key) && Array.isArray(value)) {
        for (const sub of value) walk(sub, depth + 1, into);
      } else if (SINGLE.has(key)) walk(value, depth + 1, into);
    }
    if (typeof node.$ref === 'string') into.push(node.$ref);
  };
  walk(schema, 0, found);
  return found;
}
