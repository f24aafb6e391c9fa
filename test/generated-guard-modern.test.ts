/**
 * The catalog guard against a server of the 2026-07-28 era: fixtures/servers/v2-drifting.ts (an SDK v2
 * `McpServer` that serves both eras over stdio). In that era the server sends `list_changed` only on a
 * `subscriptions/listen` stream, so the guard must open one (for tools) to hear that `mutate` changed
 * `forecast` and removed `retire`. Through SDK v2's `Client` pinned to 2026-07-28, and, since SDK v1
 * speaks only the 2025 era, through SDK v1's `Client` to the same server (the notification comes unasked
 * there). "Nothing was sent" is read from the server's own call counter.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, describe, test } from 'node:test';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import type { CatalogChange } from '../templates/runtime.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { fixtureArgs } from './helpers/servers.js';

const SERVER = [...fixtureArgs('v2-drifting')];
const EXPECTED: CatalogChange = {
  added: [],
  removed: ['retire'],
  changed: [{ tool: 'forecast', fields: ['description', 'inputSchema'] }],
};

type Subscription = { closed: Promise<'local' | 'graceful' | 'remote'> };

/** An SDK v2 client pinned to 2026-07-28, whose `listen` streams the test can see. */
async function connectModern() {
  const mcp = new ClientV2(
    { name: 'guard-test', version: '0.0.0' },
    { versionNegotiation: { mode: { pin: '2026-07-28' } } },
  );
  await mcp.connect(
    new StdioClientTransportV2({ command: process.execPath, args: SERVER, cwd: repoRoot }),
  );
  assert.equal(mcp.getProtocolEra(), 'modern');
  const streams: Subscription[] = [];
  const listen = mcp.listen.bind(mcp);
  mcp.listen = async (...args) => {
    const subscription = await listen(...args);
    streams.push(subscription);
    return subscription;
  };
  return { mcp, streams };
}

async function connectV1() {
  const mcp = new Client({ name: 'guard-test', version: '0.0.0' });
  await mcp.connect(
    new StdioClientTransport({ command: process.execPath, args: SERVER, cwd: repoRoot }),
  );
  return { mcp, streams: [] as Subscription[] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let generated: any;

before(async () => {
  // The catalog as the modern era lists it: what a project generating against this server commits.
  const { mcp } = await connectModern();
  const { tools } = await mcp.listTools();
  await mcp.close();
  const snapshot = parseSnapshot(
    {
      protocolVersion: '2026-07-28',
      serverInfo: { name: 'v2-drifting', version: '1.0.0' },
      tools,
    },
    'v2-drifting',
  );
  const dir = join(tmpRoot, 'generated-guard-modern');
  const { files } = await renderClient(snapshot, { name: 'drifting', guard: true }, dir);
  await writeFiles(dir, files);
  generated = await import(pathToFileURL(join(dir, 'index.ts')).href);
});

const connections = {
  'SDK v2 Client, 2026-07-28 era': connectModern,
  'SDK v1 Client (2025 era: all SDK v1 speaks)': connectV1,
};

for (const [connection, connect] of Object.entries(connections)) {
  describe(connection, () => {
    test("guard: 'block' hears list_changed, refuses the changed and the removed tool without sending them, and other tools keep working", async () => {
      const { mcp, streams } = await connect();
      try {
        const client = new generated.DriftingClient(mcp, { guard: 'block' });
        const changes: CatalogChange[] = [];
        client.catalog.onChange((change: CatalogChange) => changes.push(change));
        assert.equal((await client.forecast({ city: 'lima' })).ok, true, 'before the change');
        assert.equal((await client.echo({ text: 'before' })).ok, true);

        // The server announces each change before it answers `mutate`: the guard is told by then,
        // and the next call waits for its re-list.
        assert.equal((await client.mutate()).ok, true);
        const forecast = await client.forecast({ city: 'lima' });
        assert.ok(!forecast.ok && forecast.error.code === '$changed', JSON.stringify(forecast));
        assert.deepEqual(forecast.error.details, { fields: ['description', 'inputSchema'] });
        const retire = await client.retire();
        assert.ok(!retire.ok && retire.error.code === '$unavailable', JSON.stringify(retire));
        const echo = await client.echo({ text: 'after' });
        assert.ok(echo.ok, JSON.stringify(echo));
        assert.deepEqual(changes, [EXPECTED], 'onChange is told what changed');

        const stats = await client.stats();
        assert.ok(stats.ok, JSON.stringify(stats));
        assert.deepEqual(
          stats.data.calls,
          { echo: 2, forecast: 1, mutate: 1 },
          'no tools/call was sent for the refused tools',
        );
      } finally {
        await mcp.close();
      }
      if (connection.includes('2026-07-28')) {
        assert.equal(streams.length, 1, 'one listen stream, opened by the guard');
        assert.equal(
          await streams[0]!.closed,
          'local',
          'closed by the guard when the client closed',
        );
      }
    });
  });
}
