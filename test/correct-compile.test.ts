import assert from 'node:assert/strict';
import { copyFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fixtureCatalogs, repoRoot, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';

// One catalog per class of issue 10 (fixtures/catalogs/correct-*.json), generated and compiled with
// tsc --strict in one run, together with assertion files (fixtures/catalogs/assertions/) that use the
// generated types: values they must accept, and `@ts-expect-error` lines for values they must reject.
// An unused `@ts-expect-error` is itself an error, so a type that got too loose fails this test.
const dir = join(tmpRoot, 'correct-compile');
const assertions = join(repoRoot, 'fixtures/catalogs/assertions');

test('every class catalog compiles under --strict, and its types accept and reject what they should', async () => {
  const catalogs = fixtureCatalogs().filter((file) => basename(file).startsWith('correct-'));
  assert.equal(catalogs.length, 7, 'one catalog per class');
  const checks = new Set(await readdir(assertions));
  for (const file of catalogs) {
    const name = basename(file, '.json');
    const out = join(dir, name);
    const { files } = await renderCatalog(file);
    await writeFiles(out, files);
    const check = `${name.replace(/^correct-/, '')}.ts`;
    if (checks.delete(check)) await copyFile(join(assertions, check), join(out, 'assertions.ts'));
  }
  assert.deepEqual([...checks], [], 'every assertion file belongs to a catalog');
  const result = await typecheck(dir, 'nodenext');
  assert.ok(result.ok, `tsc reported:\n${result.output.slice(0, 6000)}`);
});
