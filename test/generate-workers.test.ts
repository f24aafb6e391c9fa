/**
 * Formatting in worker threads (emit/format/format-pool.ts) must never show in the output: a catalog large
 * enough that every formatted file is cut into several runs gives the same bytes with 1 and with 2
 * threads, and the same bytes as one prettier call over each whole file.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import * as prettier from 'prettier';
import { openapiCatalog } from '../bench/corpus/openapi-catalog.js';
import { emitClient } from '../src/emit/emit.js';
import {
  FormatPool,
  formatTypeScript,
  splitStatements,
  type FormatMemo,
} from '../src/emit/format/format.js';
import { renderClient } from '../src/generate/render.js';
import { buildClientModel } from '../src/model/build.js';
import { parseSnapshot, readSnapshotFile } from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const snapshot = parseSnapshot(openapiCatalog(undefined, 120), 'github-120.json');
const options = { printWidth: 100, singleQuote: true };

test('formatting in this thread, in a worker or in both, in runs, gives the bytes of one whole-file prettier call', async () => {
  const emitted = (
    await emitClient(buildClientModel(snapshot, { name: 'github' }, ADAPTERS))
  ).filter((f) => f.format);
  const large = emitted.filter((f) => splitStatements(f.content).length > 2);
  assert.ok(
    large.length >= 2,
    `several files are cut into runs (${large.map((f) => f.path).join(', ')})`,
  );
  const one = new FormatPool(1);
  const two = new FormatPool(2);
  try {
    for (const file of emitted) {
      const filepath = `/nonexistent/${file.path}`;
      const whole = await prettier.format(file.content, {
        ...options,
        filepath,
        parser: 'babel-ts',
      });
      const [single, double] = await Promise.all([
        formatTypeScript(file.content, filepath, options, one),
        formatTypeScript(file.content, filepath, options, two),
      ]);
      assert.equal(single, whole, `${file.path}: runs in this thread`);
      assert.equal(double, whole, `${file.path}: runs in a worker`);
      // This thread helping: it takes runs from the end while the worker takes them from the start.
      const [shared] = await Promise.all([
        formatTypeScript(file.content, filepath, options, two),
        two.help(),
      ]);
      assert.equal(shared, whole, `${file.path}: runs shared by a worker and this thread`);
    }
  } finally {
    await Promise.all([one.close(), two.close()]);
  }
});

test('a cut that is not between statements falls back to one prettier call', async () => {
  // A blank line inside a template literal, followed by what looks like a statement, where the first cut falls.
  const big = `export const big = [${Array.from({ length: 30000 }, (_, i) => i).join(', ')}];`;
  const filler = Array.from({ length: 3000 }, (_, i) => `export const v${i} = ${i};`).join('\n\n');
  const source = `${big}\nexport const t = \`a;\n\nexport const u = 1;\`;\n\n${filler}\n`;
  const runs = splitStatements(source);
  assert.ok(
    runs.length > 2 && runs[0]!.endsWith('a;\n'),
    'the first cut is inside the template literal',
  );
  const pool = new FormatPool(2);
  try {
    const whole = await prettier.format(source, { ...options, parser: 'babel-ts' });
    assert.equal(await formatTypeScript(source, '/nonexistent/x.ts', options, pool), whole);
  } finally {
    await pool.close();
  }
});

test('after an edit in one place, the format memo gives the other runs and the bytes of one whole-file call', async () => {
  const tools = (await emitClient(buildClientModel(snapshot, { name: 'github' }, ADAPTERS))).find(
    (f) => f.path === 'tools.ts',
  )!;
  const runs = splitStatements(tools.content);
  assert.ok(runs.length >= 4, `tools.ts is cut into several runs (${runs.length})`);
  // An edit in the middle: one statement gets a longer description.
  const at = tools.content.indexOf('\n/** ', Math.floor(tools.content.length / 2));
  const edited = `${tools.content.slice(0, at)}\n/** An added statement. */\nexport const added = 1;\n${tools.content.slice(at)}`;
  const filepath = '/nonexistent/tools.ts';
  const first: FormatMemo = { known: new Map(), used: new Map() };
  await formatTypeScript(tools.content, filepath, options, undefined, first);
  const second: FormatMemo = { known: first.used, used: new Map() };
  const formatted = await formatTypeScript(edited, filepath, options, undefined, second);
  assert.equal(
    formatted,
    await prettier.format(edited, { ...options, filepath, parser: 'babel-ts' }),
  );
  const reused = [...second.used.keys()].filter((key) => first.used.has(key)).length;
  assert.ok(
    reused >= second.used.size - 2,
    `all runs but the edited one(s) come from the memo (${reused} of ${second.used.size})`,
  );
});

test('renderClient with threads (a prettier worker and the Ajv thread) writes the bytes of one thread', async () => {
  // The other test files generate in one thread (helpers/one-thread.ts): this is where the default,
  // threaded path of a whole render is compared with it. A small catalog: the runs of a large one
  // are the first test's.
  const coded = await readSnapshotFile(join(repoRoot, 'fixtures/catalogs/coded-envelopes.json'));
  const saved = process.env.MCP_CODEGEN_WORKERS;
  const render = async (threads: string) => {
    process.env.MCP_CODEGEN_WORKERS = threads;
    return (await renderClient(coded, { name: 'coded' }, '/nonexistent/out')).files;
  };
  try {
    const threaded = await render('2');
    const single = await render('1');
    assert.ok(threaded.some((f) => f.path === 'validators.ts'));
    assert.deepEqual(threaded, single);
  } finally {
    if (saved === undefined) delete process.env.MCP_CODEGEN_WORKERS;
    else process.env.MCP_CODEGEN_WORKERS = saved;
  }
});
