import assert from 'node:assert/strict';
import { test } from 'node:test';
import { measureTreeShake } from '../bench/tree-shake.js';

// An app that imports one tool function from a client of 1,223 tools (the GitHub REST corpus) ships
// that tool only: esbuild drops the other functions, specs, error codes and precompiled validators,
// because no generated file runs anything at the top level. Sizes are reported by `npm run bench`.
test('one tool imported from a 1,223-tool per-tool client bundles to at most 2x that tool alone', async () => {
  const [row] = await measureTreeShake(['per-tool']);
  assert.ok(row);
  assert.ok(row.tools >= 1000, `the corpus has ${row.tools} tools`);
  assert.ok(
    row.full <= 2 * row.alone,
    `bundle ${row.full} B against ${row.alone} B for the tool alone`,
  );
  assert.equal(
    row.toolNamesInFull.length,
    1,
    `tool names in the bundle: ${row.toolNamesInFull.slice(0, 5).join(', ')}`,
  );
});
