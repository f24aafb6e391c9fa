/**
 * The aggregate's catalog (templates/runtime-aggregate.ts) as a given/want table: servers with the
 * tools and flat names they were generated with, then live tool lists; wanted, the conflicts the
 * change event carries. The servers here are in-memory monitors (test/generated-aggregate-guard
 * runs real ones): each row isolates one rule of what is, and what is not, a run-time conflict.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  AggregateCatalog,
  type AggregateChange,
  type AggregateConflict,
} from '../templates/runtime-aggregate.js';
import type { CatalogChange, CatalogMonitor } from '../templates/runtime.js';

const NONE: CatalogChange = { added: [], removed: [], changed: [] };

/** A monitor whose live tools the test sets; `list` reports the change as the guard would. */
function monitor(generated: string[]) {
  const listeners = new Set<(change: CatalogChange) => void>();
  let live = generated;
  const catalog: CatalogMonitor = {
    mode: 'block',
    verify: async () => NONE,
    onChange: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    get liveTools() {
      return live;
    },
  };
  const list = (tools: string[]) => {
    const added = tools.filter((t) => !live.includes(t));
    const removed = live.filter((t) => !tools.includes(t));
    live = tools;
    for (const listener of listeners) listener({ added, removed, changed: [] });
  };
  return { catalog, list };
}

interface Row {
  given: string;
  /** Per server: generated tools, flat names. */
  servers: Record<string, { tools: string[]; flat: string[] }>;
  /** Then this server lists these tools. */
  lists: [server: string, tools: string[]];
  want: AggregateConflict[];
}

const notesAndDb = (notesFlat: string[], dbFlat: string[]) => ({
  notes: { tools: ['search', 'add_note'], flat: notesFlat },
  db: { tools: ['search', 'count_rows'], flat: dbFlat },
});
const PREFIX = notesAndDb(['notesSearch', 'addNote'], ['dbSearch', 'countRows']);
const PRIORITY = notesAndDb(['search', 'addNote'], ['countRows']);

const TABLE: Row[] = [
  {
    given: 'prefix: db lists search again, the collision the policy resolved',
    servers: PREFIX,
    lists: ['db', ['search', 'count_rows']],
    want: [],
  },
  {
    given: 'priority: the hidden db search stays hidden, no conflict',
    servers: PRIORITY,
    lists: ['db', ['search', 'count_rows']],
    want: [],
  },
  {
    given: 'db gains add-note: it becomes notes’ flat addNote',
    servers: PREFIX,
    lists: ['db', ['search', 'count_rows', 'add-note']],
    want: [{ name: 'addNote', servers: ['notes', 'db'], boundTo: 'notes' }],
  },
  {
    given: 'db gains notes_search: it becomes notes’ prefixed flat name',
    servers: PREFIX,
    lists: ['db', ['search', 'count_rows', 'notes_search']],
    want: [{ name: 'notesSearch', servers: ['notes', 'db'], boundTo: 'notes' }],
  },
  {
    given: 'db gains a tool of its own: no conflict',
    servers: PREFIX,
    lists: ['db', ['search', 'count_rows', 'drop_table']],
    want: [],
  },
  {
    given: 'db gains two tools that become one identifier: its own client’s business',
    servers: PREFIX,
    lists: ['db', ['search', 'count_rows', 'get-row', 'get_row']],
    want: [],
  },
  {
    given: 'a third server lists search: the resolved collision now has one more server',
    servers: { ...PREFIX, files: { tools: ['read'], flat: ['read'] } },
    lists: ['files', ['read', 'search']],
    want: [{ name: 'search', servers: ['notes', 'db', 'files'], boundTo: undefined }],
  },
  {
    given: 'notes removes add_note: its flat addNote still belongs to it, and db has none',
    servers: PREFIX,
    lists: ['notes', ['search']],
    want: [],
  },
];

for (const row of TABLE) {
  test(`given ${row.given}: the change event carries the run-time conflicts`, async () => {
    const monitors = new Map(
      Object.keys(row.servers).map((key) => [key, monitor(row.servers[key]!.tools)]),
    );
    const aggregate = new AggregateCatalog(
      Object.fromEntries(
        Object.entries(row.servers).map(([key, s]) => [
          key,
          { catalog: monitors.get(key)!.catalog, tools: s.tools, flat: s.flat },
        ]),
      ),
    );
    assert.deepEqual((await aggregate.verify()).conflicts, [], 'none before the change');
    const changed = new Promise<AggregateChange>((resolve) => aggregate.onChange(resolve));
    const [server, tools] = row.lists;
    monitors.get(server)!.list(tools);
    const event = await changed;
    assert.equal(event.server, server);
    assert.deepEqual(event.conflicts, row.want);
    assert.deepEqual((await aggregate.verify()).conflicts, row.want, 'verify agrees');
  });
}
