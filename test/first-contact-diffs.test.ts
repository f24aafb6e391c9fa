/**
 * Issue 15, "embedded data that diffs well": one keyword changed in a schema (`maximum: 7` → `8`) is
 * a change of a few short lines in each generated file, validators.ts (Ajv's code and the schema values
 * it embeds) and tools.ts (the specs) included, never a rewrite of a long line. Each catalog is generated
 * twice, as published and with one `maximum` (or, lacking one, `minimum`, `maxLength`, …) raised by one
 * (its first and its last occurrence), input validation
 * on so that every schema reaches validators.ts, and every file is compared line by line.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { describe, test } from 'node:test';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { lineDiff } from './helpers/line-diff.js';
import { repoRoot, sharedCatalogs, tmpRoot } from './helpers/paths.js';

const MAX_CHANGED_LINES = 3;
const MAX_LINE_LENGTH = 200;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// `maximum` as in the issue; a catalog without one gets the first of the others it has.
const KEYWORDS = ['maximum', 'minimum', 'maxLength', 'minLength', 'maxItems', 'minItems'];

/** Every numeric `keyword` member, as the path to the object holding it, in document order. */
function keywordPaths(
  value: Json,
  keyword: string,
  path: Array<string | number> = [],
  out: Array<Array<string | number>> = [],
): Array<Array<string | number>> {
  if (Array.isArray(value)) value.forEach((v, i) => keywordPaths(v, keyword, [...path, i], out));
  else if (value !== null && typeof value === 'object') {
    if (typeof value[keyword] === 'number') out.push(path);
    for (const [key, v] of Object.entries(value)) keywordPaths(v, keyword, [...path, key], out);
  }
  return out;
}

function raised(catalog: Json, path: Array<string | number>, keyword: string): Json {
  const copy = structuredClone(catalog);
  let node = copy as { [key: string]: Json };
  for (const step of path)
    node = (node as unknown as Record<string | number, Json>)[step] as { [key: string]: Json };
  node[keyword] = (node[keyword] as number) + 1;
  return copy;
}

async function render(file: string) {
  const { files } = await renderClient(
    await readSnapshotFile(file),
    { name: 'diffs', validateInput: true },
    '/nonexistent/out',
  );
  return new Map(files.map((f) => [f.path, f.content]));
}

const shared = sharedCatalogs();
const catalogs = [join(repoRoot, 'examples/weather/weather.snapshot.json'), ...shared.files];

describe('a one-keyword schema change is a small diff in every generated file', () => {
  for (const file of catalogs) {
    const name = basename(file, '.json');
    test(name, async (t) => {
      const catalog = JSON.parse(await readFile(file, 'utf8')) as Json;
      const keyword = KEYWORDS.find((k) => keywordPaths(catalog, k).length > 0);
      if (keyword === undefined) return t.skip(`none of ${KEYWORDS.join(', ')} in this catalog`);
      const paths = keywordPaths(catalog, keyword);
      const before = await render(file);
      const dir = join(tmpRoot, 'first-contact-diffs');
      await mkdir(dir, { recursive: true });
      for (const path of [...new Set([paths[0]!, paths.at(-1)!])]) {
        const changedFile = join(dir, `${name}.json`);
        await writeFile(changedFile, JSON.stringify(raised(catalog, path, keyword), null, 2));
        const after = await render(changedFile);
        assert.deepEqual([...after.keys()], [...before.keys()]);
        const where = `${name} at /${path.join('/')}/${keyword}`;
        // Issue 33: the whole folder, the manifest not counted, changes in at most 6 lines of at most 200
        // characters (the schema data, the type's doc comment, the guard's fingerprint).
        const folder: string[] = [];
        for (const [file, content] of before) {
          const diff = lineDiff(content.split('\n'), after.get(file)!.split('\n'));
          assert.notEqual(diff, 'too large', `${where}: ${file} changed in more than 200 lines`);
          if (diff === 'too large') continue;
          const changed = [...diff.removed, ...diff.added];
          if (!file.endsWith('manifest.json')) folder.push(...changed);
          assert.ok(
            diff.added.length <= MAX_CHANGED_LINES && diff.removed.length <= MAX_CHANGED_LINES,
            `${where}: ${file} changed ${diff.removed.length} lines into ${diff.added.length}:\n${changed.map((l) => l.slice(0, 200)).join('\n')}`,
          );
          for (const line of changed)
            assert.ok(
              line.length < MAX_LINE_LENGTH,
              `${where}: ${file} changed a ${line.length}-character line: ${line.slice(0, 200)}…`,
            );
          if (file === 'validators.ts')
            assert.ok(diff.added.length > 0, `${where}: the change did not reach validators.ts`);
        }
        t.diagnostic(
          `${where}: the folder changed in ${folder.length} lines, the longest ${Math.max(0, ...folder.map((l) => l.length))} characters`,
        );
        assert.ok(
          folder.length <= 6 && folder.every((line) => line.length <= 200),
          `${where}: the folder changed in ${folder.length} lines:\n${folder.map((l) => l.slice(0, 200)).join('\n')}`,
        );
      }
    });
  }
  if (shared.skip) test('real catalogs', (t) => t.skip(shared.skip));
});
