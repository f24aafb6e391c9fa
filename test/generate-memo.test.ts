/**
 * The validator memo: Ajv's compilation is reused for schemas compiled by the last run into the same
 * output folder. Its entries are checked when read back, a hit is really used, and a run with the
 * memo writes exactly the bytes of a run without any cache.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { DEFAULT_TUNING } from '../src/emit/validators/compile.js';
import {
  compileMemoized,
  compiledFromJson,
  compiledToJson,
  type CompileMemo,
} from '../src/emit/validators/memo.js';
import { tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const schema = { type: 'object', properties: { n: { type: 'integer', maximum: 7 } } };

test('memo entries: given what a file holds, want the entry or nothing', () => {
  const compiled = compileMemoized(schema, undefined, DEFAULT_TUNING, undefined);
  assert.ok(compiled.ok);
  const json = JSON.parse(JSON.stringify(compiledToJson(compiled))) as Record<string, unknown>;
  const rows: Array<[string, unknown, 'entry' | 'nothing']> = [
    ['what compiledToJson wrote', json, 'entry'],
    ['a failure with its reason', { ok: false, reason: 'bad' }, 'entry'],
    ['a failure without a reason', { ok: false }, 'nothing'],
    ['no body', { ...json, body: undefined }, 'nothing'],
    ['helpers not strings', { ...json, helpers: [1] }, 'nothing'],
    ['unknownFormats missing', { ...json, unknownFormats: undefined }, 'nothing'],
    ['ok neither true nor false', { ...json, ok: 'yes' }, 'nothing'],
    ['null', null, 'nothing'],
    ['a string', 'const x = 1', 'nothing'],
  ];
  for (const [given, value, want] of rows)
    assert.equal(compiledFromJson(value) === undefined ? 'nothing' : 'entry', want, given);
  const back = compiledFromJson(json);
  assert.ok(back?.ok && compiled.ok);
  assert.equal(back.body, compiled.body);
  assert.deepEqual([...back.helpers], [...compiled.helpers].sort());
});

test('a known schema is answered from the memo, and every schema used is kept', () => {
  const text = JSON.stringify(schema);
  const first: CompileMemo = { known: new Map(), used: new Map() };
  const fresh = compileMemoized(schema, text, DEFAULT_TUNING, first);
  assert.equal(first.used.size, 1);
  const [digest] = [...first.used.keys()];
  assert.ok(fresh.ok);
  // A planted entry under the same digest shows the compiler was not asked again.
  const planted = { ...fresh, body: `${fresh.body}\n/* from the memo */` };
  const second: CompileMemo = { known: new Map([[digest!, planted]]), used: new Map() };
  const hit = compileMemoized(schema, text, DEFAULT_TUNING, second);
  assert.ok(hit.ok && hit.body.endsWith('/* from the memo */'));
  assert.deepEqual([...second.used.keys()], [digest]);
  // Another schema misses.
  const other = { ...schema, required: ['n'] };
  const miss = compileMemoized(other, JSON.stringify(other), DEFAULT_TUNING, second);
  assert.ok(miss.ok && !miss.body.includes('from the memo'));
  assert.equal(second.used.size, 2);
});

test('a one-tool change with the memo writes the bytes of a run without any cache', async () => {
  const work = join(tmpRoot, `generate-memo-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  // Its own node_modules, so the cache (and the memo this test reads) lives in the work folder.
  await mkdir(join(work, 'node_modules'), { recursive: true });
  const tool = (name: string, maximum: number) => ({
    name,
    description: `Tool ${name}.`,
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    outputSchema: {
      type: 'object',
      properties: { total: { type: 'number', maximum } },
      required: ['total'],
    },
  });
  const cli = (args: string[]) => runCli(args, { cwd: work, env: { NO_COLOR: '1' } });
  const generate = async (catalog: unknown[], out: string, ...flags: string[]) => {
    await writeFile(join(work, 'c.json'), JSON.stringify({ tools: catalog }));
    const run = await cli([
      'generate',
      '--snapshot',
      'c.json',
      '--out',
      out,
      '--name',
      'c',
      ...flags,
    ]);
    assert.equal(run.code, 0, run.stderr);
  };
  await generate([tool('alpha', 1), tool('beta', 2), tool('gamma', 3)], 'out');
  const cacheDir = join(work, 'node_modules/.cache/mcp-codegen');
  const memoFiles = (await readdir(cacheDir)).filter((f) => f.endsWith('.validators.json'));
  assert.equal(memoFiles.length, 1, 'one validator memo for the output folder');
  const memoOf = async () =>
    JSON.parse(await readFile(join(cacheDir, memoFiles[0]!), 'utf8')) as {
      entries: Record<string, unknown>;
    };
  // One validator a distinct output schema (input validation is off by default).
  assert.equal(Object.keys((await memoOf()).entries).length, 3);

  const changed = [tool('alpha', 1), tool('beta', 20), tool('gamma', 3)];
  await generate(changed, 'out');
  await generate(changed, 'fresh', '--no-cache');
  const files = (await readdir(join(work, 'out'))).filter((f) => f.endsWith('.ts')).sort();
  assert.ok(files.includes('validators.ts'));
  for (const file of files)
    assert.equal(
      await readFile(join(work, 'out', file), 'utf8'),
      await readFile(join(work, 'fresh', file), 'utf8'),
      file,
    );
  // Only what the last run used is kept: beta's old schema is gone, its new one is in.
  assert.equal(Object.keys((await memoOf()).entries).length, 3);
});
