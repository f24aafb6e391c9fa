/**
 * `mcp-codegen docs` and a server's config `docs` under `generate`, in temp projects: the command
 * in process (its flags, its errors, `--check`, several servers, all or nothing), `generate`
 * writing the docs with the client (the same bytes as the command), `--check` failing on stale
 * docs and naming them, pages of gone tools and a moved page removed, the config's rules; and once
 * through the built bin, a fresh clone's `generate --check --offline` deciding the docs by the
 * manifest's hashes.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runMain } from './helpers/main.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const work = join(tmpRoot, `docs-cli-${process.pid}`);
after(() => rm(work, { recursive: true, force: true }));
const weather = JSON.parse(
  await readFile(join(repoRoot, 'examples/weather/weather.snapshot.json'), 'utf8'),
) as { tools: Array<{ name: string }> };

const run = (args: string[], cwd: string) =>
  runMain(args, { cwd, env: { ...process.env, NO_COLOR: '1' } });

/** A project folder with the example's snapshot and a JSON config (no loader needed). */
async function project(name: string, servers: unknown[]): Promise<string> {
  const dir = join(work, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'weather.snapshot.json'), JSON.stringify(weather));
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers }));
  return dir;
}

const server = (extra: Record<string, unknown> = {}) => ({
  name: 'weather',
  source: { snapshot: 'weather.snapshot.json' },
  out: 'client',
  ...extra,
});

test('docs --help says the formats, the flags and the exit codes; the top-level help lists docs', async () => {
  const help = await run(['docs', '--help'], repoRoot);
  assert.equal(help.code, 0);
  const words = '--format --split --full --out --check --snapshot --server llms-full.txt';
  for (const text of [...words.split(' '), 'Exit codes: 0 ok, 1 stale (--check), 2'])
    assert.ok(help.stdout.includes(text), text);
  assert.match((await run(['--help'], repoRoot)).stdout, /\n {2}docs {7}write a reference/);
});

test('docs: bad requests exit 2 with what, where and how to fix, and write nothing', async () => {
  const dir = await project('bad', [server()]);
  const cases: Array<[string[], RegExp]> = [
    [['docs'], /--out <path> is required: server "weather" has no docs in the config/],
    [['docs', '--split'], /--out <path> is required with --snapshot, --format, --split or --full/],
    [['docs', '--out', 'd/x.md', '--split'], /with split, out names a folder, not the file/],
    [
      ['docs', '--out', 'd/x.html', '--full'],
      /full adds llms-full.txt to the llms-txt format, not to html/,
    ],
    [
      ['docs', '--out', 'd/x', '--format', 'pdf'],
      /unknown docs format "pdf"[\s\S]*hint: one of html, markdown, llms-txt/,
    ],
    [['docs', '--out', 'd/x'], /cannot tell the docs format from "d\/x"/],
    [
      ['docs', '--out', 'd/x', '--split', '--format', 'html'],
      /split writes one Markdown page a tool, not html/,
    ],
    [
      ['docs', '--snapshot', 'weather.snapshot.json', '--server', 'weather', '--out', 'd/x.html'],
      /--snapshot cannot be combined/,
    ],
    [['docs', '--server', 'nope', '--out', 'd/x.html'], /no server named "nope"/],
  ];
  for (const [args, message] of cases) {
    const result = await run(args, dir);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message, args.join(' '));
  }
  assert.equal(existsSync(join(dir, 'd')), false);
});

test('docs: writes each format, says so, is unchanged on a second run, and --check finds a hand edit', async () => {
  const dir = await project('formats', [server()]);
  const first = await run(['docs', '--server', 'weather', '--out', 'docs/weather.html'], dir);
  assert.equal(first.code, 0, first.stderr);
  assert.match(
    first.stderr,
    /weather: html docs from 4 tools\n {2}wrote docs\/weather\.html\ndone: 1 written, 0 unchanged/,
  );
  const again = await run(['docs', '--out', 'docs/weather.html'], dir);
  assert.match(again.stderr, /done: 0 written, 1 unchanged/);
  const fresh = await run(['docs', '--out', 'docs/weather.html', '--check'], dir);
  assert.equal(fresh.code, 0, fresh.stderr);
  const page = join(dir, 'docs/weather.html');
  await writeFile(page, `${await readFile(page, 'utf8')}<!-- mine -->`);
  const stale = await run(['docs', '--out', 'docs/weather.html', '--check'], dir);
  assert.equal(stale.code, 1);
  assert.match(
    stale.stderr,
    /stale: 1 of 1 docs file differs:\n {2}changed {2}docs\/weather\.html/,
  );

  const llms = await run(['docs', '--format', 'llms-txt', '--full', '--out', 'llms.txt'], dir);
  assert.equal(llms.code, 0, llms.stderr);
  assert.match(
    await readFile(join(dir, 'llms.txt'), 'utf8'),
    /^# Weather \(mcp-codegen example\)\n\n> MCP server weather-example/,
  );
  assert.match(
    await readFile(join(dir, 'llms.txt'), 'utf8'),
    /\(llms-full\.txt#tool-get-forecast\)/,
  );
  assert.ok(existsSync(join(dir, 'llms-full.txt')));
  const byName = await run(['docs', '--snapshot', 'weather.snapshot.json', '--out', 'w.md'], dir);
  assert.equal(byName.code, 0, byName.stderr);
  assert.match(
    await readFile(join(dir, 'w.md'), 'utf8'),
    /import \{ WeatherClient \} from '\.\/weather\/index\.js';/,
  );
});

test('docs --split: a page a tool; a gone tool loses its page, a page of the user stays', async () => {
  const dir = await project('split', [server()]);
  assert.equal((await run(['docs', '--split', '--out', 'docs/weather'], dir)).code, 0);
  assert.deepEqual((await readdir(join(dir, 'docs/weather/tools'))).sort(), [
    'convert-temperature.md',
    'get-forecast.md',
    'list-cities.md',
    'set-alert.md',
  ]);
  await writeFile(join(dir, 'docs/weather/tools/notes.md'), '# my notes\n');
  const fewer = { ...weather, tools: weather.tools.filter((t) => t.name !== 'set_alert') };
  await writeFile(join(dir, 'weather.snapshot.json'), JSON.stringify(fewer));
  const check = await run(['docs', '--split', '--out', 'docs/weather', '--check'], dir);
  assert.equal(check.code, 1);
  assert.match(check.stderr, /obsolete docs\/weather\/tools\/set-alert\.md/);
  const second = await run(['docs', '--split', '--out', 'docs/weather'], dir);
  assert.match(second.stderr, /removed docs\/weather\/tools\/set-alert\.md/);
  assert.deepEqual((await readdir(join(dir, 'docs/weather/tools'))).sort(), [
    'convert-temperature.md',
    'get-forecast.md',
    'list-cities.md',
    'notes.md',
  ]);
});

test('docs: several servers go into a folder, one file each; one that fails writes nothing for any', async () => {
  const two = [server(), server({ name: 'Weather Copy', out: 'client2' })];
  const dir = await project('several', two);
  assert.match(
    (await run(['docs', '--out', 'docs/all.html'], dir)).stderr,
    /2 servers need --out to name a folder/,
  );
  const made = await run(['docs', '--out', 'docs'], dir);
  assert.equal(made.code, 0, made.stderr);
  assert.deepEqual((await readdir(join(dir, 'docs'))).sort(), [
    'weather-copy.html',
    'weather.html',
  ]);
  const broken = await project('several-broken', [
    server(),
    server({ name: 'gone', out: 'c2', source: { snapshot: 'missing.json' } }),
  ]);
  const failed = await run(['docs', '--out', 'docs'], broken);
  assert.equal(failed.code, 2);
  assert.equal(existsSync(join(broken, 'docs')), false, 'nothing half-written');
});

test('generate writes the docs with the client, the same bytes as the docs command, and --check covers them', async () => {
  const dir = await project('generate', [server({ docs: { out: 'docs/weather.html' } })]);
  const made = await run(['generate'], dir);
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stderr, /wrote docs\/weather\.html/);
  const manifest = JSON.parse(
    await readFile(join(dir, 'client/mcp-codegen.manifest.json'), 'utf8'),
  ) as { docs: Array<{ path: string }> };
  assert.deepEqual(
    manifest.docs.map((d) => d.path),
    ['../docs/weather.html'],
  );
  const same = await run(
    ['docs', '--server', 'weather', '--out', 'docs/weather.html', '--check'],
    dir,
  );
  assert.equal(same.code, 0, same.stderr);
  assert.equal((await run(['generate', '--check'], dir)).code, 0);
  // Without --out, the docs command writes (here: checks) what the config says, as generate does.
  assert.match((await run(['docs', '--check'], dir)).stderr, /fresh: 1 docs file matches/);
  const page = join(dir, 'docs/weather.html');
  const text = await readFile(page, 'utf8');
  await writeFile(page, text.replace('Weather', 'Whether'));
  const stale = await run(['generate', '--check'], dir);
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /changed {2}docs\/weather\.html/);
  await writeFile(page, text);
  // Docs moved elsewhere: the old page is ours by the manifest, and removed.
  await writeFile(
    join(dir, 'mcp-codegen.config.json'),
    JSON.stringify({ servers: [server({ docs: { out: 'docs/weather.md' } })] }),
  );
  const moved = await run(['generate'], dir);
  assert.equal(moved.code, 0, moved.stderr);
  assert.match(
    moved.stderr,
    /wrote docs\/weather\.md[\s\S]*removed docs\/weather\.html \(no longer generated\)/,
  );
  assert.equal(existsSync(page), false);
});

test('config docs: validated, and never inside a folder generate owns', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [
      { out: 'client/docs.html' },
      /\/servers\/0\/docs\/out[\s\S]*inside the output folder of server "weather"/,
    ],
    [
      { out: 'docs/x.html', split: true },
      /\/servers\/0\/docs\/split[\s\S]*split writes one Markdown page a tool/,
    ],
    [
      { out: 'docs/x.md', format: 'md' },
      /\/servers\/0\/docs\/format[\s\S]*unknown docs format "md"/,
    ],
    [{ out: 'docs/x.html', theme: 'dark' }, /unknown key "theme" in docs/],
    [{ out: 42 }, /\/servers\/0\/docs\/out[\s\S]*expected a file path, got 42/],
  ];
  for (const [docs, message] of cases) {
    const dir = await project('config', [server({ docs })]);
    const result = await run(['generate'], dir);
    assert.equal(result.code, 2, JSON.stringify(docs));
    assert.match(result.stderr, message, JSON.stringify(docs));
    assert.equal(existsSync(join(dir, 'client')), false);
  }
  const twice = await project('config-twice', [
    server({ docs: { out: 'd.html' } }),
    server({ name: 'b', out: 'c2', docs: { out: './d.html' } }),
  ]);
  assert.match(
    (await run(['generate'], twice)).stderr,
    /\/servers\/1\/docs\/out[\s\S]*also the docs of server "weather"/,
  );
});

test('the built bin: a fresh clone checks the docs by the manifest, and names a stale page', async () => {
  const dir = await project('bin', [server({ docs: { out: 'docs/weather.md' } })]);
  const made = await runCli(['generate'], { cwd: dir });
  assert.equal(made.code, 0, made.stderr);
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  const fresh = await runCli(['generate', '--check', '--offline'], { cwd: dir });
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.match(fresh.stderr, /matches its manifest/);
  await writeFile(join(dir, 'docs/weather.md'), '# hand-written\n');
  await rm(join(dir, 'node_modules'), { recursive: true, force: true });
  const stale = await runCli(['generate', '--check', '--offline'], { cwd: dir });
  assert.equal(stale.code, 1);
  assert.match(stale.stderr, /changed {2}docs\/weather\.md/);
});
