/**
 * The model's shortcuts for catalogs that repeat their definitions in every tool: each is checked
 * against the plain computation it replaces, on the same input, for the same result.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildClientModel } from '../src/model/build.js';
import { SharedDefinitions } from '../src/model/shared-definitions.js';
import { sanitizeSchema } from '../src/schema/sanitize.js';
import { collectRefs, mapSchema, tooDeepSchema } from '../src/schema/walk.js';
import { MAX_SCHEMA_DEPTH, type JsonObject, type JsonValue } from '../src/shared/json.js';
import type { Snapshot, Tool } from '../src/snapshot/types.js';
import { sortKeys } from '../src/snapshot/write.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const withProto = (value: JsonValue): JsonObject => {
  const out: JsonObject = { b: 1 };
  Object.defineProperty(out, '__proto__', {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return out;
};

test('sortedJson writes what JSON.stringify(sortKeys(value)) writes, shared definitions included', () => {
  const shared = new SharedDefinitions();
  const def = {
    type: 'object',
    properties: { z: { type: 'string' }, a: { enum: [{ y: 1, x: 2 }] } },
  };
  const tool: Tool = {
    name: 't',
    description: 'é "quoted" \u2028',
    inputSchema: {
      type: 'object',
      $defs: { D: def, E: [1, { b: 2, a: 1 }] } as unknown as JsonObject,
    },
  };
  const canonical = shared.canonicalTool(tool);
  const values: JsonValue[] = [
    canonical as unknown as JsonValue,
    withProto({ k: [3, null, { '': true }] }),
    [1, -0, 1e21, 'x', [], {}],
    { ü: 1, a: { c: 1, b: [{ d: 1, c: 2 }] }, Z: null },
  ];
  for (const value of values)
    assert.equal(shared.sortedJson(value), JSON.stringify(sortKeys(value)));
  // Asked twice (the second time from memory), the text is the same.
  assert.equal(
    shared.sortedJson(canonical as unknown as JsonValue),
    JSON.stringify(sortKeys(canonical as unknown as JsonValue)),
  );
});

test('two tools with the same definition share one canonical object; a different one is not shared', () => {
  const shared = new SharedDefinitions();
  const make = (name: string, def: JsonObject): Tool => ({
    name,
    inputSchema: { type: 'object', properties: { p: { $ref: '#/$defs/D' } }, $defs: { D: def } },
  });
  const a = shared.canonicalTool(make('a', { type: 'object', properties: { y: {}, x: {} } }));
  const b = shared.canonicalTool(make('b', { type: 'object', properties: { y: {}, x: {} } }));
  const c = shared.canonicalTool(make('c', { type: 'object', properties: { y: {}, w: {} } }));
  const defOf = (tool: Tool) => (tool.inputSchema.$defs as JsonObject).D;
  assert.equal(defOf(a), defOf(b));
  assert.notEqual(defOf(a), defOf(c));
  assert.deepEqual(Object.keys((defOf(a) as { properties: JsonObject }).properties), ['x', 'y']);
});

test('mapSchema with reuse gives the result it gives without, and walks a repeated node once', () => {
  const def: JsonObject = {
    type: 'object',
    properties: { q: { type: 'string', default: 'x' } },
    title: 'T',
  };
  const schema: JsonObject = { type: 'object', $defs: { A: def, B: def }, properties: { d: def } };
  const reuse = new WeakMap<JsonObject, JsonValue>();
  assert.deepEqual(sanitizeSchema(schema, reuse), sanitizeSchema(schema));
  let visits = 0;
  const counting = (node: JsonObject) => {
    visits++;
    return node;
  };
  mapSchema(schema, counting, '', 0, undefined, new WeakMap());
  const reused = visits;
  visits = 0;
  mapSchema(schema, counting);
  assert.ok(reused < visits, `${reused} visits with reuse, ${visits} without`);
});

/** collectRefs as it was: every `$ref` mapSchema's walk visits, children first. */
function refsByMapSchema(schema: JsonValue): string[] {
  const found: string[] = [];
  mapSchema(schema, (node) => {
    if (typeof node.$ref === 'string') found.push(node.$ref);
    return node;
  });
  return found;
}

test('collectRefs finds the refs mapSchema visits, in its order and down to its depth bound', () => {
  let deep: JsonObject = { $ref: '#/too-deep' };
  for (let i = 0; i < MAX_SCHEMA_DEPTH + 3; i++) deep = { items: deep, $ref: `#/d${i}` };
  const schema: JsonObject = {
    $ref: '#/root',
    properties: { a: { $ref: '#/a' }, b: { anyOf: [{ $ref: '#/b0' }, true, { $ref: '#/b1' }] } },
    items: [{ $ref: '#/i0' }],
    not: { $ref: '#/not' },
    enum: [{ $ref: '#/data, not a schema' }],
    $defs: { deep },
  };
  assert.deepEqual(collectRefs(schema), refsByMapSchema(schema));
  // With the refs of the nodes one level down kept (and asked twice, the second time from memory), the same list.
  const reuse = new WeakMap<JsonObject, string[]>();
  assert.deepEqual(collectRefs(schema, reuse), refsByMapSchema(schema));
  assert.deepEqual(collectRefs(schema, reuse), refsByMapSchema(schema));
  assert.ok(!collectRefs(schema).includes('#/too-deep'));
});

test('tooDeepSchema names the first too-deep subschema, its tokens escaped', () => {
  let deep: JsonObject = { type: 'string' };
  for (let i = 0; i < MAX_SCHEMA_DEPTH; i++) deep = { properties: { 'a/b~c': deep } };
  assert.equal(
    tooDeepSchema({ anyOf: [{}, deep] }),
    `/anyOf/1${'/properties/a~1b~0c'.repeat(MAX_SCHEMA_DEPTH)}`,
  );
  assert.equal(tooDeepSchema(deep), undefined);
  // A definition found shallow one level down is not walked again there; deeper down it still counts.
  const shallow = new WeakSet<object>();
  const def = { properties: { x: { type: 'string' } } };
  assert.equal(tooDeepSchema({ $defs: { def } }, shallow), undefined);
  assert.ok(shallow.has(def));
  assert.equal(tooDeepSchema({ $defs: { def } }, shallow), undefined);
  let nested: JsonObject = def;
  for (let i = 0; i < MAX_SCHEMA_DEPTH; i++) nested = { items: nested };
  assert.equal(tooDeepSchema({ items: nested }, shallow), tooDeepSchema({ items: nested }));
  assert.notEqual(tooDeepSchema({ items: nested }), undefined);
});

test('a catalog repeating its definitions shares one type, whatever order each copy lists its keys in', () => {
  const def = (order: string[]): JsonObject => {
    const properties: JsonObject = {
      login: { type: 'string' },
      id: { type: 'integer' },
      next: { $ref: '#/$defs/user' },
    };
    return {
      type: 'object',
      properties: Object.fromEntries(order.map((k) => [k, properties[k]!])),
    };
  };
  const catalog = (orders: string[][]): Snapshot => ({
    format: 'mcp-codegen/snapshot',
    version: 1,
    tools: orders.map((order, i) => ({
      name: `t${i}`,
      inputSchema: { type: 'object', properties: {} },
      outputSchema: { $ref: '#/$defs/user', $defs: { user: def(order) } },
    })),
    resources: [],
    resourceTemplates: [],
    prompts: [],
  });
  const same = ['login', 'id', 'next'];
  const model = buildClientModel(catalog([same, same, same]), { name: 'x' }, ADAPTERS);
  const mixed = buildClientModel(
    catalog([same, ['next', 'id', 'login'], same]),
    { name: 'x' },
    ADAPTERS,
  );
  assert.equal(JSON.stringify(mixed), JSON.stringify(model));
  assert.deepEqual(
    Object.keys(model.definitions).filter((n) => n.startsWith('User')),
    ['User'],
  );
});
