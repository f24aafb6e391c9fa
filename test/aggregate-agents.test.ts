/**
 * `aggregate.agents: { langchain, mastra }` over the `notes` and `db` roles of
 * fixtures/servers/aggregate.ts (both have `search`): langchain.ts and mastra.ts of the aggregate
 * type-check under --strict against the real @langchain/core and @mastra/core (with a usage file
 * whose misuses must not compile), their tools are named by the flat names the conflict policy chose
 * (under prefix and priority), each is its server's own tool under that name, and a real call through
 * each framework reaches the right server: LangChain here, Mastra on the Node versions it supports
 * (22.13 or newer), here or in a Node 24 child (test/helpers/node24.ts).
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ConflictPolicy, ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import { connectRole, roleServers } from './helpers/aggregate-servers.js';
import { rerunOnNode24 } from './helpers/node24.js';
import { tmpRoot } from './helpers/paths.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `aggregate-agents-${process.pid}`);
const ROLES = ['notes', 'db'];
const agents = { langchain: true, mastra: true };
const POLICIES = ['prefix', 'priority'] as const;
const FLAT = {
  prefix: ['addNote', 'notesSearch', 'countRows', 'dbSearch'],
  priority: ['addNote', 'search', 'countRows'],
};
const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const mastraSkip =
  major > 22 || (major === 22 && minor >= 13)
    ? undefined
    : `@mastra/core needs Node 22.13 or newer; this is Node ${process.versions.node}`;

const configWith = (conflicts: ConflictPolicy): ResolvedConfig => ({
  root,
  cache: false,
  runtime: { out: 'g/runtime' },
  aggregate: { name: 'Tools', out: `g/${conflicts}`, servers: ROLES, conflicts, agents },
  servers: roleServers(ROLES, agents),
});

const USAGE = `import type { ToolsClients } from './index.js';
import { langchainTools } from './langchain.js';
import { mastraTools } from './mastra.js';

export async function use(clients: ToolsClients, context: never): Promise<void> {
  const lc = langchainTools(clients);
  lc.dbSearch.name satisfies 'dbSearch';
  const found = await lc.dbSearch.invoke({ query: 'x' });
  if (found.ok) found.data.server satisfies string;
  // @ts-expect-error under prefix, search collides: no unprefixed flat name
  void lc.search;
  // @ts-expect-error \`query\` is a string
  await lc.notesSearch.invoke({ query: 7 });
  const ma = mastraTools(clients);
  ma.notesSearch.id satisfies 'notesSearch';
  void (await ma.countRows.execute?.({ query: 'y' }, context));
  // @ts-expect-error the server's wire name is not a flat name
  void ma.count_rows;
  // @ts-expect-error \`query\` is a string
  await ma.countRows.execute?.({ query: 7 }, context);
}
`;

let clients: Record<string, Client> = {};
before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  // Discovered once, live; the other aggregate is made from the snapshots it wrote.
  for (const [i, conflicts] of POLICIES.entries())
    await generate({ config: configWith(conflicts), offline: i > 0 });
  clients = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await connectRole(role)] as const)),
  );
});
after(async () => {
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await rm(root, { recursive: true, force: true });
});

type Named = { name?: string; id?: string };
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (path: string): Promise<any> => import(pathToFileURL(join(root, 'g', path)).href);
const answer = (server: string, tool: string, echo: string) => ({ server, tool, echo });

test("the aggregate's langchain.ts and mastra.ts compile under --strict against the frameworks", async () => {
  await writeFile(join(root, 'g/prefix/usage.ts'), USAGE);
  const checked = await typecheck(join(root, 'g'), 'nodenext');
  assert.ok(checked.ok, `tsc:\n${checked.output.slice(0, 3000)}`);
});

test('langchainTools: keyed and named by the flat names under prefix and priority, each its server’s tool', async () => {
  for (const policy of POLICIES) {
    const { langchainTools } = await load(`${policy}/langchain.ts`);
    const tools = langchainTools(clients) as Record<string, Named & { schema: unknown }>;
    assert.deepEqual(Object.keys(tools), FLAT[policy]);
    assert.deepEqual(
      Object.values(tools).map((t) => t.name),
      FLAT[policy],
    );
    const own = (await load('db/langchain.ts')).langchainTools(clients.db);
    assert.deepEqual(tools.countRows!.schema, own.count_rows.schema, 'the server’s own schema');
  }
});

test('langchainTools: a real call through LangChain reaches the right server under each policy', async () => {
  const prefix = (await load('prefix/langchain.ts')).langchainTools(clients);
  assert.deepEqual(
    (await prefix.dbSearch.invoke({ query: 'a' })).data,
    answer('db', 'search', 'a'),
  );
  assert.deepEqual(
    (await prefix.notesSearch.invoke({ query: 'b' })).data,
    answer('notes', 'search', 'b'),
  );
  const priority = (await load('priority/langchain.ts')).langchainTools(clients);
  assert.deepEqual(
    (await priority.search.invoke({ query: 'c' })).data,
    answer('notes', 'search', 'c'),
  );
  // LangChain validates the arguments against the server's schema before calling.
  await assert.rejects(prefix.dbSearch.invoke({ query: 7 }), /schema|query|string/i);
});

test(
  'mastraTools: keyed by the flat names, which are the tools’ ids, under prefix and priority',
  {
    skip: mastraSkip,
  },
  async () => {
    for (const policy of POLICIES) {
      const { mastraTools } = await load(`${policy}/mastra.ts`);
      const tools = mastraTools(clients) as Record<string, Named>;
      assert.deepEqual(Object.keys(tools), FLAT[policy]);
      assert.deepEqual(
        Object.values(tools).map((t) => t.id),
        FLAT[policy],
      );
    }
  },
);

test(
  'mastraTools: a real call through Mastra reaches the right server',
  { skip: mastraSkip },
  async () => {
    const prefix = (await load('prefix/mastra.ts')).mastraTools(clients);
    assert.deepEqual(
      await prefix.dbSearch.execute({ query: 'a' }, {}),
      answer('db', 'search', 'a'),
    );
    assert.deepEqual(
      await prefix.notesSearch.execute({ query: 'b' }, {}),
      answer('notes', 'search', 'b'),
    );
    const priority = (await load('priority/mastra.ts')).mastraTools(clients);
    assert.deepEqual(
      await priority.search.execute({ query: 'c' }, {}),
      answer('notes', 'search', 'c'),
    );
  },
);

test('mastraTools on Node 24: the two tests above, in a Node 24 child', async (t) => {
  await rerunOnNode24(t, 'test/aggregate-agents.test.ts', 2, '^mastraTools: ');
});
