/**
 * Issue 24 end to end, through the real bin and real servers: `mcp-codegen sample` against
 * fixtures/servers/shapes.ts (schema-less tools), the shapes file it writes, the refusal of a
 * destructive tool, the client `generate` types from the file (checked by tsc under --strict), real
 * calls through SDK v1 and v2 clients, `onShapeMismatch` and `strictShapes`, an override, and
 * `generate --check` failing when the shapes file changed.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { tmpRoot } from './helpers/paths.js';
import { connectV1, connectV2 } from './helpers/runtime-fixture.js';
import { fixtureArgs, runCli } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const dir = join(tmpRoot, 'shapes-sample');
const calls = join(dir, 'calls.log');
const shapesFile = join(dir, 'mcp/shapes.shapes.json');
const command = [process.execPath, ...fixtureArgs('shapes')];
const SAMPLES = {
  get_user: [{ id: 1 }, { id: 2 }],
  list_orders: [{}],
  get_stats: [{}],
  ping: [{}],
};

async function writeConfig(extra: Record<string, unknown> = {}, out = 'client'): Promise<void> {
  const server = {
    name: 'shapes',
    source: { stdio: command, env: { SHAPES_CALL_LOG: calls } },
    snapshot: 'mcp/shapes.snapshot.json',
    out,
    samples: SAMPLES,
    ...extra,
  };
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers: [server] }));
}

const cli = (...args: string[]) => runCli(args, { cwd: dir });
const seen = async () =>
  existsSync(calls) ? (await readFile(calls, 'utf8')).trim().split('\n').filter(Boolean) : [];

before(async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
});

test('sample writes a shapes file of shapes only, byte-identical on a second run', async () => {
  await writeConfig();
  const first = await cli('sample');
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /get_user: new shape \(json-text; 5 fields\)/);
  const written = await readFile(shapesFile, 'utf8');
  for (const value of [
    'Ada',
    'countess',
    'ada@example.org',
    'gift wrap',
    'o-1',
    '12.5',
    'pong',
    'math',
  ])
    assert.equal(written.includes(value), false, `the shapes file holds the sample value ${value}`);
  const shapes = JSON.parse(written);
  assert.deepEqual(shapes.tools.get_user.fields, {
    always: ['/email', '/id', '/name', '/tags'],
    sometimes: ['/nickname'],
  });
  assert.deepEqual(shapes.tools.get_user.schema.properties.email, { type: ['null', 'string'] });
  assert.deepEqual(shapes.tools.list_orders.fields.sometimes, ['/*/note']);
  assert.deepEqual(shapes.tools.ping.content, ['text']);
  assert.deepEqual(shapes.tools.get_stats.content, ['structuredContent']);
  const second = await cli('sample');
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /shapes\.shapes\.json unchanged/);
  assert.equal(await readFile(shapesFile, 'utf8'), written);
});

test('a destructive tool is refused before anything is called, and the server never sees it', async () => {
  await rm(calls, { force: true });
  await writeConfig({ samples: { ...SAMPLES, delete_user: [{ id: 1 }] } });
  const before = await readFile(shapesFile, 'utf8');
  const refused = await cli('sample');
  assert.equal(refused.code, 2, refused.stderr);
  assert.match(
    refused.stderr,
    /"delete_user" is not annotated readOnlyHint: true.*nothing was called/,
  );
  assert.match(refused.stderr, /--allow-side-effects/);
  assert.deepEqual(await seen(), []);
  assert.equal(await readFile(shapesFile, 'utf8'), before);
  const allowed = await cli('sample', '--allow-side-effects');
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.ok((await seen()).some((line) => JSON.parse(line).tool === 'delete_user'));
  // Only listed tools are called: the log holds nothing else.
  const listed = new Set([...Object.keys(SAMPLES), 'delete_user']);
  for (const line of await seen()) assert.ok(listed.has(JSON.parse(line).tool), line);
  await writeFile(shapesFile, before); // back to the file of the first test
  await writeConfig();
});

describe('the generated client', () => {
  let client: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  before(async () => {
    const generated = await cli('generate', '--no-cache');
    assert.equal(generated.code, 0, generated.stderr);
    client = await import(pathToFileURL(join(dir, 'client/index.ts')).href);
  });

  test('types sampled results under --strict: name string, nickname optional, email nullable, no unknown field', async () => {
    await writeFile(
      join(dir, 'client/usage.ts'),
      `import type { GetUserOutput, ListOrdersOutput, GetStatsOutput, PingResult, ToolContent } from './index.js';
declare const user: GetUserOutput;
const name: string = user.name;
const email: string | null = user.email;
// @ts-expect-error nickname is missing from some samples: optional
const nickname: string = user.nickname;
const maybe: string | undefined = user.nickname;
// @ts-expect-error not a field any sample had
user.unknownField;
declare const orders: ListOrdersOutput;
const total: number | undefined = orders[0]?.total;
declare const stats: GetStatsOutput;
const users: number = stats.users;
// A text-only tool keeps ToolContent.
declare const ping: Extract<PingResult, { ok: true }>;
const content: ToolContent = ping.data;
export { name, email, nickname, maybe, total, users, content };
`,
    );
    const result = await typecheck(join(dir, 'client'), 'nodenext');
    assert.equal(result.ok, true, result.output);
    const types = await readFile(join(dir, 'client/types.ts'), 'utf8');
    assert.match(
      types,
      /Inferred by `mcp-codegen sample` from samples[^\n]*not declared by the server\. \*\/\nexport interface GetUserOutput/,
    );
  });

  const connections = {
    'SDK v1 Client': () => connectV1('shapes'),
    'SDK v2 Client (legacy)': () => connectV2('shapes', 'legacy'),
    'SDK v2 Client (modern)': () => connectV2('shapes', 'modern'),
  } as const;
  for (const [label, connect] of Object.entries(connections)) {
    test(`a real call returns the typed data, and a changed shape is reported (${label})`, async () => {
      const mcp = await connect();
      try {
        const mismatches: unknown[] = [];
        const shapes = new client.ShapesClient(mcp, {
          onShapeMismatch: (m: unknown) => mismatches.push(m),
        });
        const user = await shapes.getUser({ id: 1 });
        assert.equal(user.ok, true);
        assert.deepEqual(user.data, {
          id: 1,
          name: 'Ada Lovelace',
          email: 'ada@example.org',
          nickname: 'countess',
          tags: ['math'],
        });
        const orders = await shapes.listOrders();
        assert.equal(orders.data[1].total, 3);
        assert.equal((await shapes.getStats()).data.users, 2);
        assert.equal((await shapes.ping()).data.text, 'pong');
        assert.deepEqual(mismatches, []);
        const changed = await shapes.getUser({ id: 1, mode: 'changed' });
        assert.equal(changed.ok, true);
        assert.equal(changed.data.name, 42);
        assert.equal(mismatches.length, 1);
        assert.deepEqual(mismatches[0], {
          tool: 'get_user',
          issues: [
            {
              pointer: '/name',
              message: 'Instance type "number" is invalid. Expected "string".',
              keyword: 'type',
            },
          ],
        });
        const strict = new client.ShapesClient(mcp, { strictShapes: true });
        const refused = await strict.getUser({ id: 1, mode: 'changed' });
        assert.equal(refused.ok, false);
        assert.equal(refused.error.code, '$invalid_result');
        assert.equal((await strict.getUser({ id: 2 })).ok, true);
      } finally {
        await mcp.close();
      }
    });
  }
});

test('an override beats the sampled shape, and sample leaves it as written, reporting disagreement', async () => {
  const override = { type: 'object', properties: { name: { type: 'number' } }, required: ['name'] };
  await writeConfig({ outputs: { get_user: { schema: override } } }, 'client-override');
  const sampled = await cli('sample');
  assert.equal(sampled.code, 0, sampled.stderr);
  assert.match(
    sampled.stdout,
    /get_user: disagrees with its override in outputs \(kept as written\): \/name Instance type "string" is invalid\. Expected "number"\./,
  );
  const config = JSON.parse(await readFile(join(dir, 'mcp-codegen.config.json'), 'utf8'));
  assert.deepEqual(config.servers[0].outputs.get_user.schema, override);
  const generated = await cli('generate', '--no-cache');
  assert.equal(generated.code, 0, generated.stderr);
  const types = await readFile(join(dir, 'client-override/types.ts'), 'utf8');
  assert.match(
    types,
    /Written by hand in the config's `outputs`[^]*export interface GetUserOutput \{\n  name: number;\n\}/,
  );
  await writeConfig();
});

test('a changed shapes file makes generate --check exit 1', async () => {
  const fresh = await cli('generate', '--check', '--offline');
  assert.equal(fresh.code, 0, fresh.stderr + fresh.stdout);
  const shapes = JSON.parse(await readFile(shapesFile, 'utf8'));
  shapes.tools.get_stats.schema.properties.admins = { type: 'integer' };
  await writeFile(shapesFile, JSON.stringify(shapes));
  const stale = await cli('generate', '--check', '--offline');
  assert.equal(stale.code, 1, stale.stderr + stale.stdout);
  assert.match(stale.stdout + stale.stderr, /client\/types\.ts/);
  await rm(calls, { force: true });
});

test('lint says which missing outputSchemas are inferred from samples', async () => {
  const linted = await cli('lint', '--server', 'shapes', '--fail-on', 'none', '--format', 'json');
  assert.equal(linted.code, 0, linted.stderr);
  const messages = new Map<string, string>(
    JSON.parse(linted.stdout)
      .findings.filter((f: { id: string }) => f.id === 'output-schema-missing')
      .map((f: { entity: string; message: string }) => [f.entity, f.message]),
  );
  assert.match(
    messages.get('tool:get_user')!,
    /inferred from samples; ask the server to declare it/,
  );
  assert.match(messages.get('tool:delete_user')!, /declare the result's shape/);
});

test('results recorded from real use (onResult, mcp-codegen/record) merge with sample --from', async () => {
  const { recordResults } = await import('../src/sample/record.js');
  const folder = join(dir, 'recordings');
  const recorder = recordResults(folder);
  const { ShapesClient } = await import(pathToFileURL(join(dir, 'client/index.ts')).href);
  const mcp = await connectV2('shapes', 'legacy');
  try {
    const shapes = new ShapesClient(mcp, { onResult: recorder.onResult });
    assert.equal((await shapes.getUser({ id: 1, mode: 'changed' })).ok, true);
    // Off by default: a client without the hook records nothing.
    await new ShapesClient(mcp).getUser({ id: 2 });
  } finally {
    await mcp.close();
  }
  await recorder.flush();
  const files = await readdir(folder);
  assert.equal(files.length, 1);
  const recording = JSON.parse(await readFile(join(folder, files[0]!), 'utf8'));
  assert.equal(recording.tool, 'get_user');
  assert.deepEqual(recording.arguments, { id: 'number', mode: 'string' });
  const merged = await cli('sample', '--from', 'recordings');
  assert.equal(merged.code, 0, merged.stderr);
  assert.match(merged.stdout, /get_user: widened: \/name string → integer \| string/);
  const written = await readFile(shapesFile, 'utf8');
  assert.equal(written.includes('Ada'), false);
  assert.deepEqual(JSON.parse(written).tools.get_user.schema.properties.name, {
    type: ['integer', 'string'],
  });
  assert.deepEqual(await seen(), [], 'sample --from calls nothing');
});

after(async () => {
  await rm(calls, { force: true });
});
