import assert from 'node:assert/strict';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { InputError } from '../src/shared/errors.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

// `layout` in the config and `--layout` on the command line: checked where they are written, and
// part of the output cache's key (switching layouts never reuses the other layout's files).
const dir = join(tmpRoot, 'per-tool-config');
const catalog = join(repoRoot, 'fixtures/catalogs/coded-envelopes.json');
const server = { name: 'w', source: { snapshot: 'x.json' }, out: 'out' };

test('the config takes layout single or per-tool, and names the place of anything else', () => {
  for (const layout of ['single', 'per-tool'])
    assert.equal(
      validateConfig({ servers: [{ ...server, layout }] }, 'c.json').servers[0]!.layout,
      layout,
    );
  assert.throws(
    () => validateConfig({ servers: [{ ...server, layout: 'pertool' }] }, 'c.json'),
    (e: unknown) =>
      e instanceof InputError &&
      /\/servers\/0\/layout/.test(e.message) &&
      /per-tool/.test(e.message),
  );
});

test('generate --layout per-tool writes tools/, catalog.json and README.md; --layout single goes back', async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const cli = (args: string[]) =>
    runCli(['generate', '--snapshot', catalog, '--out', 'out', '--name', 'coded', ...args], {
      cwd: dir,
      env: { NO_COLOR: '1' },
    });
  const perTool = await cli(['--layout', 'per-tool']);
  assert.equal(perTool.code, 0, perTool.stderr);
  assert.deepEqual((await readdir(join(dir, 'out/tools'))).sort(), [
    'describe-tool.ts',
    'get-news.ts',
    'get-weather.ts',
  ]);
  const entries = JSON.parse(await readFile(join(dir, 'out/catalog.json'), 'utf8')).tools.map(
    (t: { file: string }) => t.file,
  );
  assert.deepEqual(entries, [
    'tools/describe-tool.ts',
    'tools/get-news.ts',
    'tools/get-weather.ts',
  ]);
  assert.match(await readFile(join(dir, 'out/README.md'), 'utf8'), /catalog\.json/);
  assert.match(
    await readFile(join(dir, 'out/index.ts'), 'utf8'),
    /from '\.\/tools\/get-weather\.js'/,
  );

  // Same catalog, other layout: the cache is keyed by the layout, so this is generated, not replayed.
  const single = await cli(['--layout', 'single']);
  assert.equal(single.code, 0, single.stderr);
  assert.match(await readFile(join(dir, 'out/index.ts'), 'utf8'), /from '\.\/tools\.js'/);
  const check = await cli(['--layout', 'single', '--check']);
  assert.equal(check.code, 0, check.stderr);

  const bad = await cli(['--layout', 'folders']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--layout takes single or per-tool/);
});
