import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { fixtureArgs } from './helpers/servers.js';

// A per-tool client generated from the example server's committed snapshot, with the example's own
// options (input validation on), called for real over stdio: each tool function from its own file.
const dir = join(tmpRoot, 'per-tool-call');
let mcp: Client;

before(async () => {
  const snapshot = await readSnapshotFile(join(repoRoot, 'examples/weather/weather.snapshot.json'));
  const errors = { tools: { set_alert: { unknown_city: 'No such city' } } };
  const { files } = await renderClient(
    snapshot,
    { name: 'weather', layout: 'per-tool', validateInput: true, errors },
    dir,
  );
  await writeFiles(dir, files);
  mcp = new Client({ name: 'per-tool-call-test', version: '0.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...fixtureArgs('example')],
      cwd: repoRoot,
    }),
  );
});
after(async () => {
  await mcp?.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (path: string): Promise<any> => import(pathToFileURL(join(dir, path)).href);

test('a tool function from its own file returns the typed, validated result', async () => {
  const { getForecast, GetForecastErrorCode } = await load('tools/get-forecast.ts');
  const forecast = await getForecast(mcp, { city: 'paris', days: 2 });
  assert.ok(forecast.ok, JSON.stringify(forecast.error));
  assert.equal(forecast.data.city, 'paris');
  assert.equal(forecast.data.days.length, 2);
  const unknown = await getForecast(mcp, { city: 'atlantis' });
  assert.ok(!unknown.ok);
  assert.equal(unknown.error.code, GetForecastErrorCode.UnknownCity);
});

test("the config's validateInput is the function's default, and options override it", async () => {
  const { getForecast } = await load('tools/get-forecast.ts');
  const checked = await getForecast(mcp, { city: 'paris', days: 99 });
  assert.ok(!checked.ok);
  assert.equal(checked.error.code, '$invalid_input');
  assert.equal(checked.error.issues[0].pointer, '/days');
  // Sent unchecked: the server answers for itself (its own error, not our $invalid_input).
  const sent = await getForecast(mcp, { city: 'paris', days: 99 }, { validateInput: false });
  assert.notEqual(sent.ok === false && sent.error.code, '$invalid_input');
});

test('index.ts exports the functions and the class façade, not the specs', async () => {
  const index = await load('index.ts');
  assert.equal(typeof index.setAlert, 'function');
  assert.equal(index.GetForecastSpec, undefined);
  const alert = await index.setAlert(mcp, { city: 'nowhere', thresholdC: 30 });
  assert.ok(!alert.ok);
  assert.equal(alert.error.code, index.SetAlertErrorCode.UnknownCity);
  const viaClass = await new index.WeatherClient(mcp).listCities();
  assert.ok(viaClass.ok && viaClass.data.cities.some((c: { id: string }) => c.id === 'oslo'));
  const catalog = JSON.parse(
    await (await import('node:fs/promises')).readFile(join(dir, 'catalog.json'), 'utf8'),
  );
  assert.deepEqual(
    catalog.tools.map((t: { name: string; file: string }) => [t.name, t.file]),
    [
      ['convert-temperature', 'tools/convert-temperature.ts'],
      ['get-forecast', 'tools/get-forecast.ts'],
      ['list_cities', 'tools/list-cities.ts'],
      ['set_alert', 'tools/set-alert.ts'],
    ],
  );
});
