import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { fixtureCatalogs, repoRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

// Catalog in (fixtures/catalogs/X.json) → committed expected client out (fixtures/golden/X/), so
// every change to emitted code shows in review. UPDATE_GOLDEN=1 rewrites the expected files.
// runtime.ts is left out: it is a verbatim copy of templates/runtime.ts, reviewed there.
const update = process.env.UPDATE_GOLDEN === '1';

for (const catalog of fixtureCatalogs()) {
  const name = basename(catalog, '.json');
  test(`golden: ${name}`, async () => {
    const { files } = await renderCatalog(catalog, name);
    const dir = join(repoRoot, 'fixtures/golden', name);
    for (const file of files.filter((f) => f.path !== 'runtime.ts')) {
      const expectedPath = join(dir, file.path);
      if (update) {
        await mkdir(dir, { recursive: true });
        await writeFile(expectedPath, file.content);
        continue;
      }
      const expected = await readFile(expectedPath, 'utf8').catch(() => undefined);
      assert.ok(expected !== undefined, `missing golden file ${expectedPath}: run UPDATE_GOLDEN=1 npm run test:unit`);
      assert.equal(file.content, expected, `${name}/${file.path} differs from the golden file (UPDATE_GOLDEN=1 to accept)`);
    }
  });
}
