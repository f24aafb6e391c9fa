/**
 * The catalog guard, end to end: a client generated from fixtures/servers/drifting.ts, called for
 * real through SDK v1's and SDK v2's `Client`, through the class and the standalone functions. The
 * server changes its catalog when `mutate` is called (one tool changed, one removed, a burst of five
 * `list_changed`), and counts what it receives, so "nothing was sent" and "one re-list per burst"
 * are read from the server, not assumed.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import type { CatalogChange, McpClientLike } from '../templates/runtime.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { connectV2 } from './helpers/runtime-fixture.js';
import { fixtureArgs } from './helpers/servers.js';

const SERVER = [...fixtureArgs('drifting')];
const EXPECTED: CatalogChange = {
  added: [],
  removed: ['retire'],
  changed: [{ tool: 'forecast', fields: ['description', 'inputSchema'] }],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let generated: any;

before(async () => {
  const lister = new Client({ name: 'guard-test', version: '0.0.0' });
  await lister.connect(
    new StdioClientTransport({ command: process.execPath, args: SERVER, cwd: repoRoot }),
  );
  const { tools } = await lister.listTools();
  const page2 = await lister.listTools({ cursor: '2' });
  const page3 = await lister.listTools({ cursor: '4' });
  await lister.close();
  const snapshot = parseSnapshot(
    {
      protocolVersion: '2025-11-25',
      serverInfo: { name: 'drifting', version: '1.0.0' },
      tools: [...tools, ...page2.tools, ...page3.tools],
    },
    'drifting',
  );
  const dir = join(tmpRoot, 'generated-guard');
  const { files } = await renderClient(snapshot, { name: 'drifting', guard: true }, dir);
  await writeFiles(dir, files);
  generated = await import(pathToFileURL(join(dir, 'index.ts')).href);
});

interface Connected {
  mcp: McpClientLike & { close(): Promise<void> };
  /** How many `list_changed` notifications the user's own handler saw. */
  userNotifications: () => number;
  /** Close, then connect the same SDK client to a new server process (which starts unmutated). */
  reconnect: () => Promise<void>;
}

const connections: Record<string, () => Promise<Connected>> = {
  'SDK v1 Client': async () => {
    const mcp = new Client({ name: 'guard-test', version: '0.0.0' });
    let seen = 0;
    // Set before the guard exists: the guard must not take it over.
    mcp.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      seen++;
    });
    const transport = () =>
      new StdioClientTransport({ command: process.execPath, args: SERVER, cwd: repoRoot });
    await mcp.connect(transport());
    return {
      mcp,
      userNotifications: () => seen,
      reconnect: async () => (await mcp.close(), await mcp.connect(transport())),
    };
  },
  'SDK v2 Client': async () => {
    const mcp = new ClientV2({ name: 'guard-test', version: '0.0.0' });
    let seen = 0;
    mcp.setNotificationHandler('notifications/tools/list_changed', () => {
      seen++;
    });
    const transport = () =>
      new StdioClientTransportV2({ command: process.execPath, args: SERVER, cwd: repoRoot });
    await mcp.connect(transport());
    return {
      mcp,
      userNotifications: () => seen,
      reconnect: async () => (await mcp.close(), await mcp.connect(transport())),
    };
  },
};

/** The class or the standalone functions over one guarded connection, the same five operations. */
function surfaces(mcp: McpClientLike) {
  return {
    class: () => {
      const client = new generated.DriftingClient(mcp, { guard: 'block' });
      return {
        catalog: client.catalog,
        echo: (text: string) => client.echo({ text }),
        forecast: () => client.forecast({ city: 'lima' }),
        retire: () => client.retire(),
        mutate: () => client.mutate(),
        stats: () => client.stats(),
      };
    },
    functions: () => {
      const guarded = generated.guardClient(mcp, { mode: 'block' });
      return {
        catalog: guarded.catalog,
        echo: (text: string) => generated.echo(guarded, { text }),
        forecast: () => generated.forecast(guarded, { city: 'lima' }),
        retire: () => generated.retire(guarded),
        mutate: () => generated.mutate(guarded),
        stats: () => generated.stats(guarded),
      };
    },
  };
}

for (const [connection, connect] of Object.entries(connections)) {
  for (const surface of ['class', 'functions'] as const) {
    describe(`${connection}, ${surface === 'class' ? 'the class' : 'guardClient and the standalone functions'}`, () => {
      let connected: Connected;
      before(async () => {
        connected = await connect();
      });
      after(async () => {
        await connected.mcp.close();
      });

      test("guard: 'block' refuses exactly the changed and the removed tool, sends nothing for them, and re-lists once per burst", async () => {
        const client = surfaces(connected.mcp)[surface]();
        assert.deepEqual(await client.catalog.verify(), { added: [], removed: [], changed: [] });
        assert.equal((await client.forecast()).ok, true, 'forecast works before the change');
        assert.equal((await client.echo('before')).ok, true);

        const changes: CatalogChange[] = [];
        const changed = new Promise<void>((resolve) =>
          client.catalog.onChange((change: CatalogChange) => {
            changes.push(change);
            resolve();
          }),
        );
        assert.equal((await client.mutate()).ok, true);
        await changed;
        assert.deepEqual(
          changes,
          [EXPECTED],
          'the listener is told what changed since the last catalog seen',
        );

        const forecast = await client.forecast();
        assert.ok(!forecast.ok && forecast.error.code === '$changed', JSON.stringify(forecast));
        assert.deepEqual(forecast.error.details, { fields: ['description', 'inputSchema'] });
        const retire = await client.retire();
        assert.ok(!retire.ok && retire.error.code === '$unavailable', JSON.stringify(retire));
        assert.deepEqual(await client.echo('after').then((r: { data: unknown }) => r.data), {
          text: 'after',
        });

        const stats = await client.stats();
        assert.ok(stats.ok, JSON.stringify(stats));
        assert.deepEqual(
          stats.data.calls,
          { echo: 2, forecast: 1, mutate: 1, stats: 1 },
          'the refused calls were not sent',
        );
        // One listing by verify() (five tools: three pages), one after the burst of five notifications (four tools: two pages).
        assert.equal(stats.data.lists, 3 + 2, 'one re-list for the burst');
        assert.equal(
          connected.userNotifications(),
          5,
          "the user's own list_changed handler saw every notification",
        );

        assert.deepEqual(
          await client.catalog.verify(),
          EXPECTED,
          'verify() names the changed fields',
        );

        // A new connection (to a server that starts unmutated): what the guard knew is forgotten.
        await connected.reconnect();
        assert.equal(
          (await client.forecast()).ok,
          true,
          'forecast is listed unchanged on the new connection',
        );
        const fresh = await client.stats();
        assert.ok(fresh.ok);
        assert.deepEqual(
          fresh.data,
          { calls: { forecast: 1, stats: 1 }, lists: 3 },
          'the guard listed the new server once',
        );
      });
    });
  }
}

test("guard: 'warn' lets the calls through and tells onGuardWarning once per tool; 'off' never lists", async () => {
  const connected = await connections['SDK v1 Client']!();
  try {
    const warnings: Array<{ tool: string; code: string }> = [];
    const client = new generated.DriftingClient(connected.mcp, {
      guard: 'warn',
      onGuardWarning: (w: { tool: string; code: string }) =>
        warnings.push({ tool: w.tool, code: w.code }),
    });
    const off = new generated.DriftingClient(connected.mcp);
    assert.equal(off.catalog.mode, 'off');
    assert.equal((await off.echo({ text: 'x' })).ok, true);
    assert.equal(
      (await client.stats()).data.lists,
      3,
      "the warn client's first call listed once; the off client never",
    );

    // A handler the user sets after the guard watches the connection runs too.
    let late = 0;
    (connected.mcp as Client).setNotificationHandler(ToolListChangedNotificationSchema, () => {
      late++;
    });
    // A second guard on the same SDK client: each is told of the burst.
    const second = generated.guardClient(connected.mcp, { mode: 'block' });
    await second.catalog.verify();
    const changed = new Promise((resolve) => client.catalog.onChange(resolve));
    const secondChanged = new Promise((resolve) => second.catalog.onChange(resolve));
    await client.mutate();
    assert.deepEqual(await Promise.all([changed, secondChanged]), [EXPECTED, EXPECTED]);
    assert.equal(late, 5, 'the handler set after the guard saw every notification');
    assert.equal(
      (await client.forecast({ city: 'lima' })).ok,
      true,
      'the changed tool is still called',
    );
    await client.forecast({ city: 'lima' });
    const retire = await client.retire();
    assert.ok(
      !retire.ok && retire.error.code === '$uncoded',
      'the server answered the removed tool itself',
    );
    assert.deepEqual(warnings, [
      { tool: 'forecast', code: '$changed' },
      { tool: 'retire', code: '$unavailable' },
    ]);
    const stats = await off.stats();
    assert.deepEqual(stats.data.calls, { echo: 1, stats: 2, mutate: 1, forecast: 2, retire: 1 });
  } finally {
    await connected.mcp.close();
  }
});

// SDK v2 servers list a non-object output as `{ result }` in the legacy era and bare in the modern
// one: the guard compares output schemas in the era-neutral form, so neither era sees them changed.
test('a client generated in one protocol era verifies clean in the other (fixtures/servers/v2-results.ts)', async () => {
  for (const [from, to] of [
    ['legacy', 'modern'],
    ['modern', 'legacy'],
  ] as const) {
    const lister = await connectV2('v2-results', from);
    const { tools } = await lister.listTools();
    const snapshot = parseSnapshot(
      {
        protocolVersion: lister.getNegotiatedProtocolVersion(),
        serverInfo: lister.getServerVersion(),
        tools,
      },
      `v2-results (${from})`,
    );
    await lister.close();
    const dir = join(tmpRoot, 'generated-guard-eras', from);
    const { files } = await renderClient(snapshot, { name: 'eras', guard: true }, dir);
    await writeFiles(dir, files);
    const client = await import(pathToFileURL(join(dir, 'index.ts')).href);
    const mcp = await connectV2('v2-results', to);
    try {
      const guarded = client.guardClient(mcp, { mode: 'block' });
      assert.deepEqual(
        await guarded.catalog.verify(),
        { added: [], removed: [], changed: [] },
        `${from} → ${to}`,
      );
      const readings = await client.listReadings(guarded, {});
      assert.ok(readings.ok, `${from} → ${to}: ${JSON.stringify(readings)}`);
    } finally {
      await mcp.close();
    }
  }
});
