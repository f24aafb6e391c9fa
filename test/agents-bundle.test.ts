import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { bundleEntry } from '../bench/tree-shake.js';
import { repoRoot } from './helpers/paths.js';

// The Standard Schema objects are tree-shakeable like the functions (one `/* @__PURE__ */` call each,
// JSON Schemas behind thunks): measured on the committed example client, which has them on.
const example = join(repoRoot, 'examples/weather');
const bundle = (contents: string) => bundleEntry(contents, example, false);

test('a tool function bundles without any Standard Schema object or the code-mode text', async () => {
  const one = await bundle("export { getForecast } from './client/index.js';");
  for (const absent of [
    'standardSchema',
    'InputSchema',
    'toolSchemas',
    'codeModeDeclaration',
    'declare const tools',
  ])
    assert.ok(!one.includes(absent), `${absent} is not in the bundle`);
});

test("one tool's input schema bundles without the other tools' schemas", async () => {
  const one = await bundle("export { GetForecastInputSchema } from './client/index.js';");
  assert.match(one, /standardSchema/);
  for (const absent of [
    'SetAlertSpec_input',
    'ListCitiesSpec_input',
    'thresholdC',
    'GetForecastSpec_output',
  ])
    assert.ok(!one.includes(absent), `${absent} is not in the bundle`);
});
