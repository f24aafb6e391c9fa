import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { fixtureCatalogs, repoRoot } from './helpers/paths.js';
import { renderCatalog } from './helpers/render.js';

// Catalog in (fixtures/catalogs/X.json) → committed expected client out (fixtures/golden/X/), so
// every change to emitted code shows in review. UPDATE_GOLDEN=1 rewrites the expected files.
// The runtime files are left out: verbatim copies of templates/, reviewed there.
const update = process.env.UPDATE_GOLDEN === '1';

for (const catalog of fixtureCatalogs()) {
  const name = basename(catalog, '.json');
  test(`golden: ${name}`, async () => {
    const { files } = await renderCatalog(catalog, name);
    const dir = join(repoRoot, 'fixtures/golden', name);
    for (const file of files.filter((f) => !RUNTIME_TEMPLATES.includes(f.path))) {
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
