/**
 * The aggregate client (config `aggregate`, issue 27), over the fixture servers in
 * fixtures/servers/aggregate.ts: `notes` and `db` share the tool `search`; `kebab` (`get-user`) and
 * `snake` (`get_user`) collide only as the identifier `getUser`. Each policy's aggregate is
 * generated, compiled under --strict, and called for real over stdio, with all four servers running.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { AggregateConfig, ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import { connectRole, roleServers } from './helpers/aggregate-servers.js';
import { oneToolCall } from './helpers/ai-sdk-cases.js';
import { bin, repoRoot, tmpRoot } from './helpers/paths.js';
import { fixtureArgs } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `aggregate-${process.pid}`);
const ROLES = ['notes', 'db', 'kebab', 'snake'];
const agents = { standardSchema: true, codeMode: true };

function configWith(aggregate: AggregateConfig): ResolvedConfig {
  return {
    root,
    cache: false,
    runtime: { out: 'g/runtime' },
    aggregate,
    servers: roleServers(ROLES, agents),
  };
}

const CASES: Record<string, Omit<AggregateConfig, 'name' | 'out'>> = {
  prefix: { servers: ['notes', 'db'], conflicts: 'prefix', agents },
  prefixAll: { servers: ['notes', 'db'], conflicts: 'prefix', prefixAll: true },
  priority: { servers: ['notes', 'db'], conflicts: 'priority', agents },
  camelPrefix: { servers: ['kebab', 'snake'], conflicts: 'prefix' },
  camelPriority: { servers: ['kebab', 'snake'], conflicts: 'priority' },
};
const aggregateOf = (name: string): AggregateConfig => ({
  name: 'Tools',
  out: `g/${name}`,
  ...CASES[name]!,
});
const warnings: Record<string, string[]> = {};
const clients: Record<string, Client> = {};

before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  let live = true;
  for (const name of Object.keys(CASES)) {
    warnings[name] = [];
    // Discovered once, live; the other aggregates are made from the snapshots it wrote.
    await generate({
      config: configWith(aggregateOf(name)),
      offline: !live,
      warn: (line) => warnings[name]!.push(line),
    });
    live = false;
  }
  for (const role of ROLES) clients[role] = await connectRole(role);
});
after(async () => {
  await Promise.all(Object.values(clients).map((c) => c.close()));
  await rm(root, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (path: string): Promise<any> => import(pathToFileURL(join(root, 'g', path)).href);
const answer = (server: string, tool: string, echo: string) => ({ server, tool, echo });
const FLAT = {
  prefix: ['addNote', 'notesSearch', 'countRows', 'dbSearch'],
  priority: ['addNote', 'search', 'countRows'],
};
const fixtureArgv = (role: string) => [process.execPath, ...fixtureArgs('aggregate'), role];

// flatToolSet's types, with stand-ins for the AI SDK's tools (it is typed over any tool type).
const TOOL_SET_USAGE = `import { flatToolSet } from './index.js';

const joined = flatToolSet({
  notes: { search: 'notes-search' as const, add_note: 'add' as const },
  db: { search: 'db-search' as const, count_rows: 'count' as const },
});
joined.notesSearch satisfies 'notes-search';
joined.dbSearch satisfies 'db-search';
joined.countRows satisfies 'count';
// @ts-expect-error under prefix, search collides: no unprefixed flat name
void joined.search;
// @ts-expect-error a set is keyed by the server's wire names, not by flat names
flatToolSet({ notes: { notesSearch: 1 }, db: {} });
`;

test('every aggregate compiles under --strict, with the clients and the shared runtime', async () => {
  await writeFile(join(root, 'g/prefix/tool-set-usage.ts'), TOOL_SET_USAGE);
  const checked = await typecheck(join(root, 'g'), 'nodenext');
  assert.ok(checked.ok, checked.output || 'tsc failed without output');
  const again = await generate({
    config: configWith(aggregateOf('camelPriority')),
    offline: true,
    check: true,
  });
  assert.deepEqual(again.stale, [], 'the last aggregate is fresh, with its manifest');
});

test('prefix: only the colliding tools get their server in the flat name, and each reaches its server', async () => {
  const { ToolsClient, dbSearch, notes } = await load('prefix/index.ts');
  const tools = new ToolsClient({ notes: clients.notes, db: clients.db });
  assert.deepEqual((await tools.notesSearch({ query: 'a' })).data, answer('notes', 'search', 'a'));
  assert.deepEqual((await tools.dbSearch({ query: 'b' })).data, answer('db', 'search', 'b'));
  assert.deepEqual((await tools.addNote({ query: 'c' })).data, answer('notes', 'add_note', 'c'));
  assert.deepEqual((await tools.countRows({ query: 'd' })).data, answer('db', 'count_rows', 'd'));
  assert.equal(tools.search, undefined, 'no unprefixed flat name for a colliding tool');
  // Under its server, by its own name; and as standalone functions, flat or by server.
  assert.deepEqual((await tools.db.search({ query: 'e' })).data, answer('db', 'search', 'e'));
  const both = { notes: clients.notes, db: clients.db };
  assert.deepEqual((await dbSearch(both, { query: 'f' })).data, answer('db', 'search', 'f'));
  assert.deepEqual(
    (await notes.search(clients.notes, { query: 'g' })).data,
    answer('notes', 'search', 'g'),
  );
  assert.deepEqual(warnings.prefix, []);
});

test('prefix with prefixAll: every flat name carries its server', async () => {
  const { ToolsClient } = await load('prefixAll/index.ts');
  const tools = new ToolsClient({ notes: clients.notes, db: clients.db });
  assert.deepEqual(
    (await tools.notesAddNote({ query: 'a' })).data,
    answer('notes', 'add_note', 'a'),
  );
  assert.deepEqual((await tools.dbCountRows({ query: 'b' })).data, answer('db', 'count_rows', 'b'));
  assert.equal(tools.addNote, undefined);
});

test('priority: the first-listed server keeps the flat name, the hidden tool is warned about and still under its server', async () => {
  const { ToolsClient } = await load('priority/index.ts');
  const tools = new ToolsClient({ notes: clients.notes, db: clients.db });
  assert.deepEqual((await tools.search({ query: 'a' })).data, answer('notes', 'search', 'a'));
  assert.equal(tools.dbSearch, undefined);
  assert.deepEqual((await tools.db.search({ query: 'b' })).data, answer('db', 'search', 'b'));
  assert.equal(warnings.priority!.length, 1, warnings.priority!.join('\n'));
  assert.match(
    warnings.priority![0]!,
    /"search" of server "db" is hidden .* "search" of server "notes"/,
  );
});

test('names that collide only as identifiers (get-user, get_user) are caught and routed by wire name', async () => {
  const prefixed = new (await load('camelPrefix/index.ts')).ToolsClient({
    kebab: clients.kebab,
    snake: clients.snake,
  });
  assert.deepEqual(
    (await prefixed.kebabGetUser({ query: 'a' })).data,
    answer('kebab', 'get-user', 'a'),
  );
  assert.deepEqual(
    (await prefixed.snakeGetUser({ query: 'b' })).data,
    answer('snake', 'get_user', 'b'),
  );
  const kept = new (await load('camelPriority/index.ts')).ToolsClient({
    kebab: clients.kebab,
    snake: clients.snake,
  });
  assert.deepEqual((await kept.getUser({ query: 'c' })).data, answer('kebab', 'get-user', 'c'));
  assert.match(
    warnings.camelPriority!.join('\n'),
    /"get_user" of server "snake" is hidden .*`getUser`/,
  );
});

test("the aggregate's toolSchemas and code-mode declaration carry the flat names the policy chose", async () => {
  for (const [name, flat] of [
    ['prefix', ['addNote', 'notesSearch', 'countRows', 'dbSearch']],
    ['priority', ['addNote', 'search', 'countRows']],
  ] as const) {
    const { toolSchemas, codeModeDeclaration, notes, db } = await load(`${name}/index.ts`);
    assert.deepEqual(Object.keys(toolSchemas), flat);
    assert.equal(toolSchemas.countRows, db.toolSchemas.count_rows, 'the server’s own schemas');
    assert.equal(toolSchemas.addNote, notes.toolSchemas.add_note);
    const declared = [...codeModeDeclaration.matchAll(/^ {2}(\w+): \(input/gm)].map((m) => m[1]);
    assert.deepEqual(declared, flat);
    assert.equal(
      codeModeDeclaration,
      await readFile(join(root, 'g', name, 'code-mode.d.ts'), 'utf8'),
    );
  }
});

// The real AI SDK (`ai` 6, `@ai-sdk/mcp` 1) with its mock model: one MCP client per server, their tool
// sets joined by flatToolSet, and the model's call of each flat name reaching the server it stands for.
test('the AI SDK tool set over the aggregate: flatToolSet keys it by the flat names, and each call reaches its server', async () => {
  const [{ createMCPClient }, { Experimental_StdioMCPTransport }, ai, { MockLanguageModelV3 }] =
    await Promise.all([
      import('@ai-sdk/mcp'),
      import('@ai-sdk/mcp/mcp-stdio'),
      import('ai'),
      import('ai/test'),
    ]);
  const mcps = Object.fromEntries(
    await Promise.all(
      ['notes', 'db'].map(async (role) => {
        const [command, ...args] = fixtureArgv(role);
        const transport = new Experimental_StdioMCPTransport({
          command: command!,
          args,
          cwd: repoRoot,
        });
        return [role, await createMCPClient({ transport })] as const;
      }),
    ),
  );
  try {
    for (const [policy, calls] of [
      ['prefix', { notesSearch: 'notes', dbSearch: 'db', countRows: 'db' }],
      ['priority', { search: 'notes', countRows: 'db' }],
    ] as const) {
      const { flatToolSet, notes, db } = await load(`${policy}/index.ts`);
      const tools = flatToolSet({
        notes: await mcps.notes!.tools({ schemas: notes.toolSchemas }),
        db: await mcps.db!.tools({ schemas: db.toolSchemas }),
      });
      assert.deepEqual(Object.keys(tools), FLAT[policy], policy);
      for (const [toolName, server] of Object.entries(calls)) {
        const model = new MockLanguageModelV3({
          doGenerate: oneToolCall(toolName, { query: toolName }) as never,
        });
        const { steps } = await ai.generateText({
          model,
          tools,
          prompt: '?',
          stopWhen: ai.stepCountIs(2),
        });
        const [result] = steps[0]!.toolResults;
        assert.equal(result?.toolName, toolName);
        const wire = toolName === 'countRows' ? 'count_rows' : 'search';
        assert.deepEqual(result.output, answer(server, wire, toolName), `${policy} ${toolName}`);
      }
    }
  } finally {
    await Promise.all(Object.values(mcps).map((m) => m.close()));
  }
});

// `generate` in a project of its own whose aggregate (conflicts 'error') joins the servers, each read
// from `<snapshots>/<server>.snapshot.json`: it must fail, and what it printed is returned.
async function generateFails(dir: string, servers: string[], snapshots: string) {
  const config = {
    servers: servers.map((name) => ({
      name,
      source: { snapshot: `${snapshots}/${name}.snapshot.json` },
      out: `out/${name}`,
    })),
    aggregate: { name: 'Tools', out: 'out/tools', servers, conflicts: 'error' },
  };
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify(config));
  return promisify(execFile)(process.execPath, [bin, 'generate'], { cwd: dir }).then(
    () => assert.fail('generate succeeded'),
    (error: { code: number; stderr: string }) => error,
  );
}

test('error: generate exits 2 naming both servers and the tool, and writes nothing', async () => {
  const dir = join(root, 'cli');
  await mkdir(dir, { recursive: true });
  const failed = await generateFails(dir, ['kebab', 'snake'], '../mcp');
  assert.equal(failed.code, 2, failed.stderr);
  assert.match(failed.stderr, /\/aggregate\/conflicts/);
  assert.match(
    failed.stderr,
    /^ {2}`getUser`: "get-user" of server "kebab" and "get_user" of server "snake"$/m,
  );
  await assert.rejects(readFile(join(dir, 'out/kebab/index.ts')), { code: 'ENOENT' });
});

// Two servers that share `search` and collide again as `getUser`: both collisions, one line each, in
// the order of the first server's tools.
test('error: every collision is named, one line each, with both servers, both wire names and the identifier', async () => {
  const dir = join(root, 'cli-both');
  await mkdir(join(dir, 'mcp'), { recursive: true });
  const joined = { left: ['notes', 'kebab'], right: ['db', 'snake'] };
  for (const [name, roles] of Object.entries(joined)) {
    const [base, extra] = await Promise.all(
      roles.map(async (role) =>
        JSON.parse(await readFile(join(root, 'mcp', `${role}.snapshot.json`), 'utf8')),
      ),
    );
    const tools = [...base.tools, ...extra.tools].sort((a, b) => (a.name < b.name ? -1 : 1));
    const snapshot = { ...base, serverInfo: { name, version: '1.0.0' }, tools };
    await writeFile(join(dir, 'mcp', `${name}.snapshot.json`), JSON.stringify(snapshot));
  }
  const failed = await generateFails(dir, Object.keys(joined), 'mcp');
  assert.equal(failed.code, 2, failed.stderr);
  const lines = failed.stderr.split('\n').filter((line) => /^ {2}`/.test(line));
  assert.deepEqual(lines, [
    '  `getUser`: "get-user" of server "left" and "get_user" of server "right"',
    '  `search`: "search" of server "left" and "search" of server "right"',
  ]);
  assert.doesNotMatch(failed.stderr, /more collision/);
  await assert.rejects(readFile(join(dir, 'out/left/index.ts')), { code: 'ENOENT' });
});
