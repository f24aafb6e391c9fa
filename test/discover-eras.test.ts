import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { DiscoverProgress } from '../src/discover/index.js';
import { discover } from '../src/snapshot/discover.js';
import type { DiscoveryEra } from '../src/config/types.js';
import { ServerError } from '../src/shared/errors.js';
import { serializeSnapshot, type Snapshot } from '../src/snapshot/index.js';
import { TOOL_NAMES, TOOLS_PAGE_SIZE } from '../fixtures/servers/v2-catalog.js';
import { fixtureArgs, fixtureCommand, ROOT, type Running, startServer } from './helpers/servers.js';

// The SDK v2 fixture answers both protocol eras; discovery is run against it in each, over stdio and
// over Streamable HTTP, and against legacy-only servers in `auto` and pinned `modern`.
const env = { ...process.env };
let http: Running;
let httpModernOnly: Running;

before(async () => {
  const [command, ...args] = [process.execPath, ...fixtureArgs('v2-catalog')];
  http = await startServer(command, [...args, '--http', '0'], {
    ready: /listening on (\d+)/,
    stream: 'stderr',
  });
  httpModernOnly = await startServer(command, [...args, '--http', '0', '--modern-only'], {
    ready: /listening on (\d+)/,
    stream: 'stderr',
  });
});

after(async () => {
  await http?.stop();
  await httpModernOnly?.stop();
});

const sources = {
  stdio: () => ({ stdio: fixtureCommand('v2-catalog') }),
  http: () => ({ url: http.url('/mcp') }),
};

async function run(
  source: Parameters<typeof discover>[0],
  era: DiscoveryEra,
): Promise<{ snapshot: Snapshot; events: DiscoverProgress[] }> {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(source, {
    cwd: ROOT,
    env,
    era,
    onProgress: (e) => events.push(e),
  });
  return { snapshot, events };
}

const outputType = (snapshot: Snapshot, tool: string) =>
  snapshot.tools.find((t) => t.name === tool)?.outputSchema?.type;

for (const [transport, source] of Object.entries(sources)) {
  test(`v2 fixture over ${transport}: auto picks the modern era, records it, and follows every tools/list page`, async () => {
    const { snapshot, events } = await run(source(), 'auto');
    assert.equal(snapshot.era, 'modern');
    assert.equal(snapshot.protocolVersion, '2026-07-28');
    assert.deepEqual(snapshot.serverInfo, { name: 'v2-catalog', version: '2.0.0' });
    assert.equal(snapshot.instructions, 'A fixture written with SDK v2.');
    assert.deepEqual(
      snapshot.tools.map((t) => t.name),
      [...TOOL_NAMES],
    );
    assert.deepEqual(
      snapshot.resources.map((r) => r.uri),
      ['v2://readme'],
    );
    assert.deepEqual(
      snapshot.resourceTemplates.map((r) => r.uriTemplate),
      ['v2://cities/{id}'],
    );
    assert.deepEqual(
      snapshot.prompts.map((p) => p.name),
      ['greet'],
    );
    const pages = events.find((e) => e.type === 'list-done' && e.method === 'tools/list');
    assert.deepEqual(pages, {
      type: 'list-done',
      server: pages?.server,
      method: 'tools/list',
      pages: Math.ceil(TOOL_NAMES.length / TOOLS_PAGE_SIZE),
      items: TOOL_NAMES.length,
    });
    // The modern era sends a non-object output schema as it is.
    assert.equal(outputType(snapshot, 'list_cities'), 'array');
    assert.equal(outputType(snapshot, 'city_ids'), 'array');
    assert.ok(events.some((e) => e.type === 'connected' && e.era === 'modern'));
  });

  test(`v2 fixture over ${transport}: legacy and pinned modern give the same catalog, except for era-shaped output schemas`, async () => {
    const legacy = (await run(source(), 'legacy')).snapshot;
    const modern = (await run(source(), 'modern')).snapshot;
    assert.equal(legacy.era, 'legacy');
    assert.equal(legacy.protocolVersion, '2025-11-25');
    assert.equal(modern.era, 'modern');
    // The legacy era wraps an array-valued output schema as { result: [...] }.
    const wrapped = legacy.tools.find((t) => t.name === 'list_cities')?.outputSchema;
    assert.equal(wrapped?.type, 'object');
    assert.deepEqual(wrapped?.required, ['result']);
    assert.deepEqual(
      (wrapped?.properties as Record<string, unknown>).result,
      modern.tools.find((t) => t.name === 'list_cities')?.outputSchema,
    );
    const shaped = new Set(['list_cities', 'city_ids']);
    const rest = (s: Snapshot) =>
      serializeSnapshot({
        ...s,
        era: undefined,
        protocolVersion: undefined,
        tools: s.tools.filter((t) => !shaped.has(t.name)),
      });
    assert.equal(rest(legacy), rest(modern));
  });
}

test('a server that refuses the legacy era: auto uses modern, pinned legacy is a server error that names --era', async () => {
  const { snapshot } = await run({ url: httpModernOnly.url('/mcp') }, 'auto');
  assert.equal(snapshot.era, 'modern');
  await assert.rejects(
    run({ stdio: fixtureCommand('v2-catalog', '--modern-only') }, 'legacy'),
    (e: unknown) =>
      e instanceof ServerError &&
      e.exitCode === 3 &&
      /initialize: .*-32022/.test(e.message) &&
      /supports only 2026-07-28; use --era auto/.test(e.hint ?? ''),
  );
});

test('the v1 example fixture over stdio: auto falls back to initialize and gives the legacy snapshot', async () => {
  const auto = await run({ stdio: fixtureCommand('example') }, 'auto');
  const legacy = await run({ stdio: fixtureCommand('example') }, 'legacy');
  assert.equal(auto.snapshot.era, 'legacy');
  assert.equal(serializeSnapshot(auto.snapshot), serializeSnapshot(legacy.snapshot));
  // One process: the server answered the probe with "method not found" and then initialize on the same pipe.
  assert.equal(auto.events.filter((e) => e.type === 'connecting').length, 1);
});

test('pinning the modern era against a legacy-only stdio server is an exit-3 error saying why', async () => {
  await assert.rejects(
    run({ stdio: fixtureCommand('example') }, 'modern'),
    (e: unknown) =>
      e instanceof ServerError &&
      e.exitCode === 3 &&
      e.message.includes(
        'server/discover: discovery is pinned to the modern era (2026-07-28), but the server speaks only the legacy era',
      ) &&
      e.message.includes('JSON-RPC error -32601') &&
      /--era auto/.test(e.hint ?? ''),
  );
});

test('a legacy server that exits on server/discover is started again for initialize', async () => {
  const { snapshot, events } = await run(
    { stdio: fixtureCommand('misbehaving', 'exit-on-probe') },
    'auto',
  );
  assert.equal(snapshot.era, 'legacy');
  assert.deepEqual(
    snapshot.tools.map((t) => t.name),
    ['alpha'],
  );
  assert.equal(events.filter((e) => e.type === 'connecting').length, 2);
});

test('a legacy server that never answers server/discover is discovered with initialize on the same process', async () => {
  const { snapshot, events } = await run(
    { stdio: fixtureCommand('misbehaving', 'silent-on-probe') },
    'auto',
  );
  assert.equal(snapshot.era, 'legacy');
  assert.deepEqual(
    snapshot.tools.map((t) => t.name),
    ['alpha'],
  );
  assert.equal(events.filter((e) => e.type === 'connecting').length, 1);
});

test('the modern era over the legacy SSE transport is a usage error', async () => {
  await assert.rejects(
    run({ url: http.url('/sse'), transport: 'sse' }, 'modern'),
    (e: unknown) =>
      e instanceof Error &&
      !(e instanceof ServerError) &&
      (e as { exitCode?: number }).exitCode === 2 &&
      /HTTP\+SSE transport has no modern era/.test(e.message),
  );
});

test('only declared capabilities are listed, in both eras', async () => {
  for (const era of ['legacy', 'modern'] as const) {
    const { snapshot, events } = await run(
      { stdio: fixtureCommand('v2-catalog', '--tools-only') },
      era,
    );
    assert.equal(snapshot.era, era);
    assert.deepEqual(Object.keys(snapshot.capabilities ?? {}), ['tools']);
    assert.deepEqual(
      events
        .filter((e) => e.type === 'list-done')
        .map((e) => e.type === 'list-done' && `${e.method}:${e.pages}`),
      ['tools/list:3'],
    );
  }
});
