/**
 * The guard and `diff` must agree on what "changed" means: the runtime's port of the snapshot's
 * canonical form (templates/runtime-canonical.ts) gives the same text as src/snapshot's for every
 * tool schema of every fixture catalog and every shared catalog, and a live tool hashed at run time
 * (Web Crypto) matches the fingerprint the generator emitted for it (node:crypto).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { guardStatements } from '../src/emit/client/guard-statements.js';
import { buildClientModel } from '../src/model/build.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import type { JsonValue } from '../src/snapshot/types.js';
import { canonicalSchema, sortKeys } from '../src/snapshot/write.js';
import * as canonical from '../templates/runtime-canonical.js';
import * as runtime from '../templates/runtime-fingerprint.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const shared = sharedCatalogs();

test('the runtime canonical form equals the snapshot writer, and run-time fingerprints equal the emitted ones, for every catalog', async (t) => {
  if (shared.skip) t.diagnostic(shared.skip);
  let tools = 0;
  for (const file of [...fixtureCatalogs(), ...shared.files]) {
    const snapshot = await readSnapshotFile(file);
    const model = buildClientModel(snapshot, { name: 'catalog' }, ADAPTERS);
    const emitted = new Map(model.tools.map((m) => [m.tool.name, m.guardFingerprint]));
    for (const tool of snapshot.tools) {
      for (const field of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[field];
        if (schema === undefined) continue;
        assert.equal(
          JSON.stringify(canonical.canonicalSchema(schema as never)),
          JSON.stringify(canonicalSchema(schema as JsonValue)),
          `${file}: ${tool.name} ${field}`,
        );
      }
      if (tool.annotations !== undefined)
        assert.equal(
          JSON.stringify(canonical.sortKeys(tool.annotations as never)),
          JSON.stringify(sortKeys(tool.annotations as JsonValue)),
        );
      const { name, ...fields } = await runtime.fingerprintTool(tool);
      assert.deepEqual(fields, emitted.get(name), `${file}: ${tool.name} fingerprint`);
      tools++;
    }
  }
  assert.ok(tools > 20, `${tools} tools compared`);
});

test('a changed field, and only that field, is named', async () => {
  const before = {
    name: 't',
    description: 'a',
    inputSchema: { type: 'object', required: ['b', 'a'], properties: { a: {}, b: {} } },
  };
  const reordered = {
    name: 't',
    inputSchema: { properties: { b: {}, a: {} }, required: ['a', 'b', 'a'], type: 'object' },
    description: 'a',
  };
  const x = await runtime.fingerprintTool(before);
  assert.deepEqual(
    runtime.changedFields(x, await runtime.fingerprintTool(reordered)),
    [],
    'key order and required order are not changes',
  );
  const retitled = await runtime.fingerprintTool({
    ...before,
    title: 'T',
    outputSchema: { type: 'object' },
  });
  assert.deepEqual(runtime.changedFields(x, retitled), ['title', 'outputSchema']);
  const anyOf = (a: unknown[]) => runtime.fingerprintTool({ name: 't', inputSchema: { anyOf: a } });
  assert.deepEqual(
    runtime.changedFields(
      await anyOf([{ type: 'string' }, { type: 'number' }]),
      await anyOf([{ type: 'number' }, { type: 'string' }]),
    ),
    ['inputSchema'],
    'anyOf order is meaningful',
  );
});

test("the guard's names never take a tool's, and a tool's never take the guard's", async () => {
  const { parseSnapshot } = await import('../src/snapshot/index.js');
  const snapshot = parseSnapshot(
    {
      tools: ['catalog', 'guard_client', 'catalog_fingerprints'].map((name) => ({
        name,
        inputSchema: { type: 'object' },
      })),
    },
    'names',
  );
  const model = buildClientModel(snapshot, { name: 'names' }, ADAPTERS);
  assert.deepEqual(model.guard, {
    functionName: 'guardClient',
    fingerprints: 'catalogFingerprints',
    member: 'catalog',
    enabled: false,
  });
  assert.deepEqual(
    model.tools.map((t) => [t.method, t.functionName]),
    [
      ['catalog2', 'catalog'],
      ['catalogFingerprints', 'catalogFingerprints2'],
      ['guardClient', 'guardClient2'],
    ],
  );
});

/** The strings of client.ts's fingerprint table, as the generated code evaluates them. */
function packedTable(model: ReturnType<typeof buildClientModel>): string[] {
  const [data] = guardStatements(model);
  const literal = data!.slice(data!.indexOf('= [') + 2, data!.lastIndexOf(';'));
  return runInNewContext(literal) as string[];
}

test("client.ts's packed fingerprints unpack to the run-time ones: 22 base64url characters a field, one line a tool, a long name on two", async () => {
  const { parseSnapshot } = await import('../src/snapshot/index.js');
  const names = [
    'plain',
    'a name with spaces',
    'quote " and \\ and \u2028',
    'x'.repeat(61),
    'y'.repeat(128),
  ];
  const snapshot = parseSnapshot(
    {
      tools: names.map((name, i) => ({
        name,
        ...(i % 2 ? { title: 'T', annotations: { readOnlyHint: true } } : {}),
        description: `tool ${i}`,
        inputSchema: { type: 'object', properties: { a: { type: 'string', maxLength: i } } },
        ...(i % 3 ? {} : { outputSchema: { type: 'object' } }),
      })),
    },
    'packed',
  );
  const model = buildClientModel(snapshot, { name: 'packed' }, ADAPTERS);
  const table = packedTable(model);
  assert.equal(table.length, names.length);
  for (const [i, { tool }] of model.tools.entries()) {
    const unpacked = runtime.unpackFingerprint(table[i]!);
    assert.deepEqual(unpacked, await runtime.fingerprintTool(tool), tool.name);
    for (const [field, hash] of Object.entries(unpacked))
      if (field !== 'name')
        assert.match(hash, /^[A-Za-z0-9_-]{21}[AQgw]$/, `${tool.name} ${field}`);
  }
  const lines = guardStatements(model)[0]!
    .split('\n')
    .filter((l) => l.includes(' + ') || l.endsWith("',") || l.endsWith('",'));
  assert.deepEqual(
    lines.map((l) => l.includes(' + ')),
    model.tools.map((t) => JSON.stringify(t.tool.name).length > 60),
    'a name over 60 characters puts its hashes on a line of their own',
  );
});
