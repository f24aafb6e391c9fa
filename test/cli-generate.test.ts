import assert from 'node:assert/strict';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const dir = join(tmpRoot, 'cli-generate');
const catalog = join(repoRoot, 'fixtures/catalogs/coded-envelopes.json');

async function cli(args: string[], cwd = dir) {
  const { code, stdout, stderr } = await runCli(args, { cwd, env: { NO_COLOR: '1' } });
  return { code: code ?? -1, stdout, stderr };
}

test('generate --snapshot: writes, then --check is fresh (0), then stale (1) naming the file', async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const first = await cli(['generate', '--snapshot', catalog, '--out', 'out', '--name', 'weather']);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, /wrote out\/index\.ts/);
  assert.match(await readFile(join(dir, 'out/index.ts'), 'utf8'), /export \{ WeatherClient/);

  const before = await stat(join(dir, 'out/types.ts'));
  const again = await cli(['generate', '--snapshot', catalog, '--out', 'out', '--name', 'weather']);
  assert.equal(again.code, 0);
  // Every file the first run wrote (tool and client files, the runtime, the manifest) is unchanged.
  const written = first.stderr.match(/^ {2}wrote /gm)?.length ?? 0;
  assert.ok(written > 20, first.stderr);
  assert.match(again.stderr, new RegExp(`0 written, ${written} unchanged`));
  assert.equal(
    (await stat(join(dir, 'out/types.ts'))).mtimeMs,
    before.mtimeMs,
    'unchanged files are not rewritten',
  );

  const fresh = await cli([
    'generate',
    '--snapshot',
    catalog,
    '--out',
    'out',
    '--name',
    'weather',
    '--check',
  ]);
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.match(fresh.stderr, /fresh/);

  await writeFile(join(dir, 'out/tools.ts'), '// edited by hand\n');
  await rm(join(dir, 'out/client.ts'));
  const stale = await cli([
    'generate',
    '--snapshot',
    catalog,
    '--out',
    'out',
    '--name',
    'weather',
    '--check',
  ]);
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /changed {2}out\/tools\.ts/);
  assert.match(stale.stderr, /missing {2}out\/client\.ts/);
  assert.equal(
    await readFile(join(dir, 'out/tools.ts'), 'utf8'),
    '// edited by hand\n',
    '--check writes nothing',
  );
});

test('usage and input errors exit 2 with what, where and how to fix', async () => {
  await mkdir(dir, { recursive: true });
  const missing = await cli(['generate', '--snapshot', 'nope.json', '--out', 'out']);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /nope\.json: no such file/);

  await writeFile(join(dir, 'bad.json'), JSON.stringify({ tools: [{ name: 'ok' }, { name: 7 }] }));
  const bad = await cli(['generate', '--snapshot', 'bad.json', '--out', 'out']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /bad\.json at \/tools\/1\/name: expected a string, got number 7/);

  const flag = await cli(['generate', '--frobnicate']);
  assert.equal(flag.code, 2);
  assert.match(flag.stderr, /Unknown option '--frobnicate'/);
  assert.match(flag.stderr, /mcp-codegen generate --help/);

  const noOut = await cli(['generate', '--snapshot', catalog]);
  assert.equal(noOut.code, 2);
  assert.match(noOut.stderr, /--snapshot needs --out/);

  const noConfig = await cli(['generate'], '/');
  assert.equal(noConfig.code, 2);
  assert.match(noConfig.stderr, /no mcp-codegen config found/);

  await writeFile(
    join(dir, 'broken.config.mjs'),
    'export default { servers: [{ name: "x", source: {}, out: "o" }] };\n',
  );
  const broken = await cli(['generate', '--config', 'broken.config.mjs']);
  assert.equal(broken.code, 2);
  assert.match(
    broken.stderr,
    /broken\.config\.mjs at \/servers\/0\/source: expected exactly one of "snapshot", "stdio", "url" or "serverJson", got none/,
  );

  const unknown = await cli(['frobnicate']);
  assert.equal(unknown.code, 2);
});

test('--help explains every command', async () => {
  const top = await cli(['--help']);
  assert.equal(top.code, 0);
  for (const command of ['generate', 'snapshot', 'diff']) {
    assert.match(top.stdout, new RegExp(`\\b${command}\\b`));
    const help = await cli([command, '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Usage/);
  }
});

test('a TypeScript config with defineConfig, and the repo config with --offline --check', async () => {
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'mcp-codegen.config.ts'),
    `const defineConfig = <T,>(c: T): T => c;\nexport default defineConfig({ servers: [{ name: 'coded', source: { snapshot: ${JSON.stringify(catalog)} }, out: 'ts-out' }] satisfies unknown[] });\n`,
  );
  const ts = await cli(['generate', '--quiet']);
  assert.equal(ts.code, 0, ts.stderr);
  assert.match(await readFile(join(dir, 'ts-out/index.ts'), 'utf8'), /CodedClient/);

  const repo = await cli(['generate', '--check', '--offline'], repoRoot);
  assert.equal(repo.code, 0, `the committed example client is stale:\n${repo.stderr}`);
});

test('generate --check --offline: a committed snapshot taken as another client than discovery.capabilities declare is stale (exit 1); without --check, a warning', async () => {
  const project = join(dir, 'as-client');
  await rm(project, { recursive: true, force: true });
  await mkdir(project, { recursive: true });
  const snapshot = JSON.parse(await readFile(catalog, 'utf8')) as Record<string, unknown>;
  await writeFile(
    join(project, 'coded.snapshot.json'),
    JSON.stringify({ ...snapshot, clientCapabilities: { roots: {} } }),
  );
  const config = (capabilities: unknown) =>
    writeFile(
      join(project, 'mcp-codegen.config.json'),
      JSON.stringify({
        servers: [
          {
            name: 'coded',
            // Never started: every run here is --offline.
            source: { stdio: 'node server-that-is-not-there.js' },
            snapshot: 'coded.snapshot.json',
            out: 'out',
            discovery: { capabilities },
          },
        ],
      }),
    );
  await config({ roots: {} });
  const same = await cli(['generate', '--offline', '--quiet'], project);
  assert.equal(same.code, 0, same.stderr);
  assert.doesNotMatch(same.stderr, /another client/);

  await config({ roots: {}, sampling: {} });
  const check = await cli(['generate', '--check', '--offline'], project);
  assert.equal(check.code, 1, check.stderr);
  assert.match(
    check.stderr,
    /stale: coded: coded\.snapshot\.json was taken as another client: it records clientCapabilities \{"roots":\{\}\}, the config declares discovery\.capabilities \{"roots":\{\},"sampling":\{\}\}/,
  );
  assert.match(check.stderr, /mcp-codegen generate` \(without --offline\)/);
  const written = await cli(['generate', '--offline', '--quiet'], project);
  assert.equal(written.code, 0, written.stderr);
  assert.match(written.stderr, /warning: coded: coded\.snapshot\.json was taken as another client/);
});

test("the user's prettier config shapes the output, and --check agrees with it", async () => {
  const project = join(dir, 'styled');
  await rm(project, { recursive: true, force: true });
  await mkdir(project, { recursive: true });
  await writeFile(
    join(project, '.prettierrc.json'),
    JSON.stringify({ semi: false, singleQuote: false, tabWidth: 4 }),
  );
  const generated = await cli(
    ['generate', '--snapshot', catalog, '--out', 'out', '--name', 'styled'],
    project,
  );
  assert.equal(generated.code, 0, generated.stderr);
  const client = await readFile(join(project, 'out/client.ts'), 'utf8');
  assert.match(client, /from "\.\/runtime\.js"\n/, 'double quotes, no semicolon');
  assert.match(
    client,
    /\n {4}readonly #client: McpClientLike\n/,
    'four-space indent, no semicolon',
  );
  const check = await cli(
    ['generate', '--snapshot', catalog, '--out', 'out', '--name', 'styled', '--check'],
    project,
  );
  assert.equal(check.code, 0, check.stderr);
});

test('a write that fails part-way changes no file at all', async () => {
  const project = join(dir, 'partial');
  await rm(project, { recursive: true, force: true });
  await mkdir(project, { recursive: true });
  await writeFile(join(project, 'blocker'), 'a file where a folder should be\n');
  const servers = [
    { name: 'first', source: { snapshot: catalog }, out: 'first' },
    { name: 'second', source: { snapshot: catalog }, out: 'blocker/second' },
  ];
  await writeFile(join(project, 'mcp-codegen.config.json'), JSON.stringify({ servers }));
  const result = await cli(['generate'], project);
  assert.equal(result.code, 2, result.stderr);
  assert.match(
    result.stderr,
    /cannot write blocker\/second.*ENOTDIR|cannot write blocker.*ENOTDIR|cannot write .*ENOTDIR/,
  );
  assert.match(result.stderr, /no file was changed/);
  await assert.rejects(
    stat(join(project, 'first')),
    "the first server's files were not written either",
  );
});

test('a cached run repeats the warnings of the run that made the output', async () => {
  const work = join(tmpRoot, 'cli-generate-cached-warnings');
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const tool = (name: string) => ({
    name,
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  });
  await writeFile(
    join(work, 'c.json'),
    JSON.stringify({ tools: [tool('foo-bar'), tool('foo_bar')] }),
  );
  // A folder no earlier run used: the cache has one entry per output folder.
  const out = `out-${process.pid}-${Date.now()}`;
  const args = ['generate', '--snapshot', 'c.json', '--out', out, '--name', 'c'];
  const first = await cli(args, work);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stderr, new RegExp(`generating ${out}/`));
  const warning = /warning: c: tool "foo_bar" is named fooBar2/;
  assert.match(first.stderr, warning);
  const again = await cli(args, work);
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stderr, new RegExp(`${out}/ is cached for this catalog`));
  assert.match(again.stderr, warning);
  // --check answers from the folder's manifest, and says the same warnings.
  const checked = await cli([...args, '--check'], work);
  assert.equal(checked.code, 0, checked.stderr);
  assert.match(checked.stderr, new RegExp(`${out}/ matches its manifest for this catalog`));
  assert.match(checked.stderr, warning);
});
