import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { bundleEntry, measureTreeShake } from '../bench/tree-shake.js';
import { repoRoot } from './helpers/paths.js';

const example = join(repoRoot, 'examples/weather');
// Unminified where names are looked for, minified where emptiness is.
const bundle = (contents: string) => bundleEntry(contents, example, false);
const minified = (contents: string) => bundleEntry(contents, example);

// An app that imports one tool function from a client of 1,223 tools (the GitHub REST corpus) ships
// that tool only: esbuild drops the other functions, specs, error codes and precompiled validators,
// because no generated file runs anything at the top level. Sizes are reported by `npm run bench`.
// The client is bundled as emitted, before prettier: the minified bundles are the same bytes either
// way (33,923 and 33,919 B for both layouts, formatted or not, when this was written), and
// formatting 1,223 tool files was most of this file's CPU (12.0-12.8 against 4.5-4.8 s, paired).
test('one tool imported from a 1,223-tool per-tool client bundles to at most 2x that tool alone', async () => {
  const [row] = await measureTreeShake(['per-tool'], undefined, { formatted: false });
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

// The run-time helpers for resources, templates and prompts stay out of an app that calls tools only,
// and the class façade with them: measured on the committed example client, which has all three.
test('a tool function bundles without the class, the resource, template and prompt helpers', async () => {
  const one = await bundle("export { getForecast } from './client/index.js';");
  for (const absent of [
    'expandUriTemplate',
    'readResource',
    'getPrompt',
    'WeatherClient',
    'set_alert',
    'plan-trip',
    'weather://stations',
  ]) {
    assert.ok(!one.includes(absent), `${absent} is not in the bundle of getForecast`);
  }
  assert.ok(one.includes('"get-forecast"'));
  // The control: importing the class brings them in, so the check above can fail.
  const all = await bundle("export { WeatherClient } from './client/index.js';");
  for (const present of ['expandUriTemplate', 'readResource', 'getPrompt', 'set_alert'])
    assert.ok(all.includes(present), `${present} is in the bundle of the class`);
});

// "sideEffects: false"-safe without saying so: importing the client for its effects alone bundles to
// nothing, so no generated file (runtime and validators included) runs code at the top level.
test('importing a generated client for its side effects bundles to nothing', async () => {
  assert.equal(await minified("import './client/index.js';"), '');
  // The control: a statement with an effect survives, so an empty bundle means something.
  assert.notEqual(await minified("import './client/index.js'; globalThis.x = 1;"), '');
});
