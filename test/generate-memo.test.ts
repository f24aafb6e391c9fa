/**
 * The format memo: a run with the memo of the last run into the same output folder writes exactly
 * the bytes of a run without any cache.
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

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
  const memoFiles = (await readdir(cacheDir)).filter((f) => f.endsWith('.format.json'));
  assert.equal(memoFiles.length, 1, 'one format memo for the output folder');
  assert.deepEqual(
    (await readdir(cacheDir)).filter((f) => f.endsWith('.validators.json')),
    [],
    'validators are data: nothing compiled to remember',
  );

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
});
