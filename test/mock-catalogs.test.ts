/**
 * `mcp-codegen mock` serves a snapshot so exactly that a snapshot taken of it is the same file,
 * byte for byte: every real catalog in ../shared/catalogs and every fixture catalog, in both
 * protocol eras, over stdio (and over HTTP, the shared catalogs), through the real bin.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { spawn } from 'node:child_process';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import { join as shellJoin } from 'shlex';
import { discover } from '../src/snapshot/discover.js';
import { parseSnapshotText, serializeSnapshot } from '../src/snapshot/index.js';
import { namedUiUris } from '../src/snapshot/mcp-apps.js';
import { mockArgs, snapshotOfEra, writeText } from './helpers/mock.js';
import { fixtureCatalogs, repoRoot, sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const work = join(tmpRoot, 'mock-catalogs');
const ERAS = ['legacy', 'modern'] as const;
const shared = sharedCatalogs();

before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
});
after(() => rm(work, { recursive: true, force: true }));

/**
 * The catalog of `file` in `era`, written as the snapshot the mock is given. A dump from before
 * format 2 whose tools name `ui://` views of a server with `resources` records no `uiResources`, which
 * discovery now reads: it is served and discovered once first, so what the mock is given is a
 * snapshot this version writes (the round trip is promised for those).
 */
async function servable(file: string, era: (typeof ERAS)[number]): Promise<string> {
  const out = join(work, `${basename(file, '.json')}.${era}.json`);
  const text = await snapshotOfEra(file, era);
  await writeText(out, text);
  const snapshot = parseSnapshotText(text, out);
  const unread = namedUiUris(snapshot).length > 0 && snapshot.uiResources === undefined;
  if (unread && snapshot.capabilities?.resources)
    await writeText(out, await snapshotOfMock(out, era));
  return out;
}

async function snapshotOfMock(file: string, era: (typeof ERAS)[number]): Promise<string> {
  const snapshot = await discover(
    { stdio: shellJoin([process.execPath, ...mockArgs('--snapshot', file)]) },
    { cwd: repoRoot, env: process.env, era: 'auto' },
  );
  assert.equal(snapshot.era, era, `${file}: the mock spoke the snapshot's era`);
  return serializeSnapshot(snapshot);
}

test('every shared catalog, in both eras: a snapshot of the mock is the snapshot it serves', async (t) => {
  if (shared.skip) return t.skip(shared.skip);
  assert.ok(shared.files.length >= 10, `${shared.files.length} shared catalogs`);
  for (const catalog of shared.files)
    for (const era of ERAS) {
      const file = await servable(catalog, era);
      assert.equal(await snapshotOfMock(file, era), await readFile(file, 'utf8'), `${file}`);
    }
});

test('every fixture catalog, in both eras, the same', async () => {
  const files = fixtureCatalogs();
  assert.ok(files.length > 5);
  for (const catalog of files)
    for (const era of ERAS) {
      const file = await servable(catalog, era);
      assert.equal(await snapshotOfMock(file, era), await readFile(file, 'utf8'), `${file}`);
    }
});

test('`mcp-codegen snapshot --stdio` of the mock writes the same bytes, in each era', async () => {
  for (const era of ERAS) {
    const file = await servable(join(repoRoot, 'examples/weather/weather.snapshot.json'), era);
    const out = join(work, `taken.${era}.json`);
    const run = await runCli([
      'snapshot',
      '--stdio',
      shellJoin([process.execPath, ...mockArgs('--snapshot', file)]),
      '--out',
      out,
    ]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(await readFile(out, 'utf8'), await readFile(file, 'utf8'), era);
  }
});

test('--page-size pages every list, and the cursor loop reads the same snapshot', async (t) => {
  const paged = shared.files.find((f) => f.endsWith('server-everything__2025.9.25.json'));
  if (!paged) return t.skip('needs ../shared/catalogs');
  for (const era of ERAS) {
    const file = await servable(paged, era);
    const pages: Record<string, number> = {};
    const snapshot = await discover(
      { stdio: shellJoin([process.execPath, ...mockArgs('--snapshot', file, '--page-size', '3')]) },
      {
        cwd: repoRoot,
        env: process.env,
        onProgress: (e) => void (e.type === 'list-done' && (pages[e.method] = e.pages)),
      },
    );
    assert.equal(serializeSnapshot(snapshot), await readFile(file, 'utf8'));
    // 10 tools, 100 resources, 1 template, 3 prompts: ceil(n / 3) pages each.
    assert.deepEqual(pages, {
      'tools/list': 4,
      'resources/list': 34,
      'resources/templates/list': 1,
      'prompts/list': 1,
    });
  }
});

// Every catalog over HTTP, the eras taking turns (each era over HTTP for half of them): stdio above
// has every catalog in both eras, and a mock server and a discovery a pair was a third of this file.
test('over --http, every shared catalog, the eras in turn: the same bytes, and the URL on stderr', async (t) => {
  if (shared.skip) return t.skip(shared.skip);
  const pairs = shared.files.map((file, i) => [file, ERAS[i % ERAS.length]!] as const);
  assert.deepEqual(new Set(pairs.map(([, era]) => era)), new Set(ERAS), 'both eras over HTTP');
  for (const [catalog, era] of pairs) {
    const file = await servable(catalog, era);
    const child = spawn(process.execPath, mockArgs('--snapshot', file, '--http', '0'), {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let stderr = '';
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.on('data', (c: Buffer) => {
          stderr += c.toString();
          const m = /listening on (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(stderr);
          if (m) resolve(m[1]!);
        });
        child.once('exit', (code) => reject(new Error(`mock exited ${code}: ${stderr}`)));
      });
      const snapshot = await discover({ url }, { cwd: repoRoot, env: process.env });
      assert.equal(snapshot.era, era);
      assert.equal(
        serializeSnapshot(snapshot),
        await readFile(file, 'utf8'),
        `${basename(catalog)} ${era} over HTTP`,
      );
      assert.equal(stdout, '', 'nothing on stdout');
    } finally {
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    }
  }
});
