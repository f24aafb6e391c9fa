import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { GetForecastErrorCode, SetAlertErrorCode, WeatherClient, ToolCallError, unwrap } from '../examples/weather/client/index.js';
import { repoRoot } from './helpers/paths.js';

// The committed example client (generated from the bundled server by `npm run generate`), called
// for real against that server over stdio.
let mcp: Client;
let weather: WeatherClient;

before(async () => {
  mcp = new Client({ name: 'generated-call-test', version: '0.0.0' });
  await mcp.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', join(repoRoot, 'fixtures/servers/example.ts')], cwd: repoRoot }));
  weather = new WeatherClient(mcp);
});
after(async () => {
  await mcp.close();
});

test('a documented payload comes back typed and validated', async () => {
  const result = await weather.getForecast({ city: 'paris', days: 2 });
  assert.equal(result.ok, true);
  assert.ok(result.ok && result.variant === 'documented');
  assert.equal(result.data.city, 'paris');
  assert.equal(result.data.days.length, 2);
  const cities = await weather.listCities().then(unwrap);
  assert.ok(cities.cities.some((c) => c.id === 'oslo'));
});

test('a coded soft-error envelope is ok:false with its code', async () => {
  const result = await weather.getForecast({ city: 'atlantis' });
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.equal(result.error.code, GetForecastErrorCode.UnknownCity);
  assert.equal(result.error.retryable, false);
  await assert.rejects(weather.getForecast({ city: 'atlantis' }).then(unwrap), (e: unknown) => e instanceof ToolCallError);
});

test('an isError result carries the code the config declared', async () => {
  const result = await weather.setAlert({ city: 'nowhere', thresholdC: 30 });
  assert.ok(!result.ok);
  assert.equal(result.error.code, SetAlertErrorCode.UnknownCity);
  assert.equal(result.error.retryable, false);
});

test('input validation stops a bad call before it is sent', async () => {
  const result = await weather.getForecast({ city: 'paris', days: 99 });
  assert.ok(!result.ok);
  assert.equal(result.error.code, GetForecastErrorCode.InvalidInput);
  assert.equal(result.error.issues?.[0]?.pointer, '/days');
});

test('resources, templates and prompts', async () => {
  const stations = await weather.resources.stations();
  assert.match(JSON.stringify(stations.contents), /paris/i);
  const city = await weather.templates.city({ id: 'oslo' });
  assert.equal(city.contents[0]?.uri, 'weather://cities/oslo');
  const prompt = await weather.prompts.planTrip({ city: "tokyo" });
  assert.ok(prompt.messages.length > 0);
});
