/**
 * The guard over an aggregate client (issue 27): `notes` and `db` of fixtures/servers/aggregate.ts,
 * started `--drifting`, generated into an aggregate under `prefix`; no runtime is shared, so each
 * client has its own copy and the aggregate its guard's files in its own folder. At run time the servers list new
 * tools and send `list_changed`; the aggregate's `catalog.onChange` must report each server's change
 * and the conflicts the new tools bring, while every flat call still reaches the server it was
 * generated for: read from the servers' own call counters, over SDK v1's and SDK v2's `Client`.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import type { AggregateChange, AggregateConflict } from '../templates/runtime-aggregate.js';
import type { McpClientLike } from '../templates/runtime.js';
import { connectRole, connectRoleV2 } from './helpers/aggregate-servers.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureCommand } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `aggregate-guard-${process.pid}`);
const ROLES = ['notes', 'db'] as const;
type Role = (typeof ROLES)[number];
const UNCHANGED = { added: [], removed: [], changed: [] };

const config: ResolvedConfig = {
  root,
  cache: false,
  aggregate: { name: 'Tools', out: 'g/tools', servers: [...ROLES], conflicts: 'prefix' },
  servers: ROLES.map((name) => ({
    name,
    source: { stdio: fixtureCommand('aggregate', name, '--drifting') },
    snapshot: `mcp/${name}.snapshot.json`,
    out: `g/${name}`,
    guard: true,
  })),
};

before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await generate({ config });
});
after(() => rm(root, { recursive: true, force: true }));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const loadTools = async (): Promise<any> =>
  (await import(pathToFileURL(join(root, 'g/tools/index.ts')).href)).ToolsClient;

type Fixture = McpClientLike & { close(): Promise<void> };

/** Make the server list these tools too; it then sends a burst of `list_changed`. */
const addTools = (mcp: Fixture, names: string[]) =>
  mcp.callTool({ name: 'fixture_add_tools', arguments: { names } });
/** Calls per tool, as the server counted them. */
const callsOn = async (mcp: Fixture) =>
  (
    (await mcp.callTool({ name: 'fixture_calls', arguments: {} })) as {
      structuredContent?: Record<string, number>;
    }
  ).structuredContent;

const byName = (conflicts: readonly AggregateConflict[]) =>
  [...conflicts].sort((a, b) => (a.name < b.name ? -1 : 1));

test('the aggregate with its catalog compiles under --strict, its guard in its own folder, no client’s copy with it', async () => {
  const checked = await typecheck(join(root, 'g'), 'nodenext');
  assert.ok(checked.ok, checked.output || 'tsc failed without output');
  const runtime = async (dir: string) =>
    (await readdir(join(root, 'g', dir))).filter((f) => f.startsWith('runtime')).sort();
  assert.deepEqual(await runtime('tools'), [
    'runtime-aggregate.ts',
    'runtime-canonical.ts',
    'runtime-fingerprint.ts',
    'runtime-names.ts',
  ]);
  for (const role of ROLES) {
    const own = await runtime(role);
    assert.ok(own.includes('runtime-guard.ts'), own.join());
    assert.ok(
      !own.includes('runtime-aggregate.ts') && !own.includes('runtime-names.ts'),
      own.join(),
    );
  }
});

const connections: Record<string, (role: Role) => Promise<Fixture>> = {
  'SDK v1 Client': (role) =>
    connectRole(role, '--drifting') as Promise<unknown> as Promise<Fixture>,
  'SDK v2 Client': (role) =>
    connectRoleV2(role, '--drifting') as Promise<unknown> as Promise<Fixture>,
};

for (const [connection, connect] of Object.entries(connections)) {
  describe(connection, () => {
    const mcp = {} as Record<Role, Fixture>;
    before(async () => {
      for (const role of ROLES) mcp[role] = await connect(role);
    });
    after(() => Promise.all(ROLES.map((role) => mcp[role].close())));

    test('a conflict that appears after list_changed is reported by the change event, and no flat call moves to the other server', async () => {
      const ToolsClient = await loadTools();
      const tools = new ToolsClient(mcp, { notes: { guard: 'block' }, db: { guard: 'block' } });
      // `search` collided at generation and the policy resolved it (notesSearch, dbSearch): not reported.
      assert.deepEqual(await tools.catalog.verify(), {
        servers: { notes: UNCHANGED, db: UNCHANGED },
        conflicts: [],
      });
      const changes: AggregateChange[] = [];
      tools.catalog.onChange((change: AggregateChange) => changes.push(change));
      const changeOf = (server: Role) =>
        new Promise<AggregateChange>((resolve) => {
          const off = tools.catalog.onChange((change: AggregateChange) => {
            if (change.server === server) (off(), resolve(change));
          });
        });

      // db gains a tool named like notes' flat addNote, one that becomes notes' prefixed
      // notesSearch, and export-data, which no other server has yet.
      const fromDb = changeOf('db');
      await addTools(mcp.db, ['add_note', 'notes_search', 'export-data']);
      const first = await fromDb;
      assert.deepEqual(first.change, {
        added: ['add_note', 'export-data', 'notes_search'],
        removed: [],
        changed: [],
      });
      assert.deepEqual(byName(first.conflicts), [
        { name: 'addNote', servers: ['notes', 'db'], boundTo: 'notes' },
        { name: 'notesSearch', servers: ['notes', 'db'], boundTo: 'notes' },
      ]);

      // notes gains count-rows (db's flat countRows, after camel-casing) and export_data: now on both.
      const fromNotes = changeOf('notes');
      await addTools(mcp.notes, ['count-rows', 'export_data']);
      const second = await fromNotes;
      assert.deepEqual(second.change.added, ['count-rows', 'export_data']);
      assert.deepEqual(byName(second.conflicts), [
        { name: 'addNote', servers: ['notes', 'db'], boundTo: 'notes' },
        { name: 'countRows', servers: ['notes', 'db'], boundTo: 'db' },
        { name: 'exportData', servers: ['notes', 'db'], boundTo: undefined },
        { name: 'notesSearch', servers: ['notes', 'db'], boundTo: 'notes' },
      ]);
      assert.equal(changes.length, 2, 'one change event per server and burst');
      const verified = await tools.catalog.verify();
      assert.deepEqual(byName(verified.conflicts), byName(second.conflicts));
      assert.deepEqual(verified.servers.db.added, ['add_note', 'export-data', 'notes_search']);

      // `block` refuses nothing here: the tools the flat names call did not change.
      const answer = async (call: Promise<{ ok: boolean; data?: unknown }>) => {
        const result = await call;
        assert.equal(result.ok, true, JSON.stringify(result));
        return result.data;
      };
      assert.deepEqual(await answer(tools.addNote({ query: 'a' })), {
        server: 'notes',
        tool: 'add_note',
        echo: 'a',
      });
      assert.deepEqual(await answer(tools.notesSearch({ query: 'b' })), {
        server: 'notes',
        tool: 'search',
        echo: 'b',
      });
      assert.deepEqual(await answer(tools.countRows({ query: 'c' })), {
        server: 'db',
        tool: 'count_rows',
        echo: 'c',
      });
      assert.deepEqual(await callsOn(mcp.notes), { add_note: 1, search: 1 });
      assert.deepEqual(await callsOn(mcp.db), { count_rows: 1 });
      assert.equal(tools.exportData, undefined, 'a tool added at run time gets no flat name');
    });
  });
}
