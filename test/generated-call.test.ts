import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  GetForecastErrorCode,
  RuntimeErrorCode,
  SetAlertErrorCode,
  WeatherClient,
  ToolCallError,
  getForecast,
  listCities,
  unwrap,
} from '../examples/weather/client/index.js';
import { rerunOnNode24 } from './helpers/node24.js';
import { repoRoot } from './helpers/paths.js';
import { fixtureArgs } from './helpers/servers.js';

// The committed example client (generated from the bundled server by `npm run generate`), called
// for real against that server over stdio, through SDK v1's Client and (below) SDK v2's; and all of
// that again in a Node 24 child (test/helpers/node24.ts), the server included.
let mcp: Client;
let weather: WeatherClient;

before(async () => {
  mcp = new Client({ name: 'generated-call-test', version: '0.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [...fixtureArgs('example')],
      cwd: repoRoot,
    }),
  );
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

test('the standalone functions return what the methods do', async () => {
  const viaFunction = await getForecast(mcp, { city: 'paris', days: 2 });
  const viaMethod = await weather.getForecast({ city: 'paris', days: 2 });
  assert.deepEqual(viaFunction, viaMethod);
  assert.ok((await listCities(mcp).then(unwrap)).cities.length > 0);
  const invalid = await getForecast(mcp, { city: 'paris', days: 99 });
  assert.ok(
    !invalid.ok && invalid.error.code === RuntimeErrorCode.InvalidInput,
    'the config turned input validation on',
  );
});

test('a coded soft-error envelope is ok:false with its code', async () => {
  const result = await weather.getForecast({ city: 'atlantis' });
  assert.equal(result.ok, false);
  assert.ok(!result.ok);
  assert.equal(result.error.code, GetForecastErrorCode.UnknownCity);
  assert.equal(result.error.retryable, false);
  await assert.rejects(
    weather.getForecast({ city: 'atlantis' }).then(unwrap),
    (e: unknown) => e instanceof ToolCallError,
  );
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
  assert.equal(result.error.code, RuntimeErrorCode.InvalidInput);
  assert.equal(result.error.issues?.[0]?.pointer, '/days');
  // The class option works where the config embedded the input schemas: off, the call reaches the server.
  const unchecked = new WeatherClient(mcp, { validateInput: false });
  const sent = await unchecked.getForecast({ city: 'paris', days: 99 });
  assert.notEqual(sent.ok === false && sent.error.code, RuntimeErrorCode.InvalidInput);
});

test('resources, templates and prompts', async () => {
  const stations = await weather.resources.stations();
  assert.match(JSON.stringify(stations.contents), /paris/i);
  const city = await weather.templates.city({ id: 'oslo' });
  assert.equal(city.contents[0]?.uri, 'weather://cities/oslo');
  const prompt = await weather.prompts.planTrip({ city: 'tokyo' });
  assert.ok(prompt.messages.length > 0);
});

test('the same client through the SDK v2 Client: tools, codes, validation, resources, templates, prompts', async () => {
  const v2 = new ClientV2({ name: 'generated-call-test', version: '0.0.0' });
  await v2.connect(
    new StdioClientTransportV2({
      command: process.execPath,
      args: [...fixtureArgs('example')],
      cwd: repoRoot,
    }),
  );
  try {
    const viaV2 = new WeatherClient(v2);
    const forecast = await viaV2.getForecast({ city: 'paris', days: 2 }, { timeout: 10_000 });
    assert.ok(forecast.ok && forecast.data.days.length === 2);
    const unknown = await viaV2.getForecast({ city: 'atlantis' });
    assert.ok(!unknown.ok && unknown.error.code === GetForecastErrorCode.UnknownCity);
    const alert = await viaV2.setAlert({ city: 'nowhere', thresholdC: 30 });
    assert.ok(!alert.ok && alert.error.code === SetAlertErrorCode.UnknownCity);
    const invalidInput = await viaV2.getForecast({ city: 'paris', days: 99 });
    assert.ok(!invalidInput.ok && invalidInput.error.issues?.[0]?.pointer === '/days');
    assert.match(JSON.stringify((await viaV2.resources.stations()).contents), /paris/i);
    assert.equal(
      (await viaV2.templates.city({ id: 'oslo' })).contents[0]?.uri,
      'weather://cities/oslo',
    );
    assert.ok((await viaV2.prompts.planTrip({ city: 'tokyo' })).messages.length > 0);
  } finally {
    await v2.close();
  }
});

test('on Node 24: the tests above, in a Node 24 child', async (t) => {
  await rerunOnNode24(t, 'test/generated-call.test.ts', 7);
});
