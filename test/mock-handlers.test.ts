/**
 * tools/call on the mock: arguments checked strictly against the inputSchema before anything
 * runs (the handler module counts its calls in a file, so a handler that ran is seen), then the
 * user's handlers, keyed by the client's method names or the tools' names, loaded from a `.ts`
 * module with `--handlers` or the config's `mock: { handlers }`.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  GetForecastErrorCode,
  SetAlertErrorCode,
  WeatherClient,
} from '../examples/weather/client/index.js';
import { connectMock, writeText } from './helpers/mock.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

const work = join(tmpRoot, 'mock-handlers');
const counter = join(work, 'calls.txt');
const handlers = join(work, 'weather.mock.ts');
const SNAPSHOT = join(repoRoot, 'examples/weather/weather.snapshot.json');

// Type syntax on purpose: the module goes through the config's TypeScript loader (jiti).
const HANDLERS = `import { appendFileSync } from 'node:fs';
import { mockError, type MockHandlers } from 'mcp-codegen/mock';

const count = (name: string): void => appendFileSync(process.env.MOCK_CALLS as string, name + '\\n');

export default {
  getForecast: (input: { city: string; days?: number }) => {
    count('getForecast');
    // get-forecast's documented soft error: an ordinary output that the client reads as a code.
    if (input.city === 'atlantis') return { error: 'unknown_city', message: 'no such city', retryable: false };
    return { city: input.city, days: Array.from({ length: input.days ?? 3 }, (_, i) => ({ day: i + 1, highC: 20 + i, condition: 'sunny' })) };
  },
  set_alert: (input: { city: string; thresholdC: number }) => {
    count('set_alert');
    if (input.city === 'atlantis') return mockError('unknown_city', { retryable: false });
    return { content: [{ type: 'text', text: 'raw ' + input.city }], structuredContent: { active: 1, alertId: 'a1', city: input.city } };
  },
} satisfies MockHandlers;
`;

before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  await writeFile(handlers, HANDLERS);
});
after(() => rm(work, { recursive: true, force: true }));

async function calls(): Promise<string[]> {
  const text = await readFile(counter, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean);
}

function codedText(result: unknown): { code?: string; retryable?: boolean; message?: string } {
  const r = result as { isError?: boolean; content: Array<{ text: string }> };
  assert.equal(r.isError, true, JSON.stringify(r));
  return JSON.parse(r.content[0]!.text) as never;
}

test('invalid arguments: an isError invalid_arguments result, and the handler never runs', async () => {
  await writeFile(counter, '');
  const closed = join(work, 'closed.json');
  // The example's tools declare no additionalProperties: one closed object to test the extra field.
  const snapshot = JSON.parse(await readFile(SNAPSHOT, 'utf8'));
  const forecast = snapshot.tools.find((t: { name: string }) => t.name === 'get-forecast');
  forecast.inputSchema.additionalProperties = false;
  await writeText(closed, JSON.stringify(snapshot));
  const mock = await connectMock(['--snapshot', closed, '--handlers', handlers], {
    env: { MOCK_CALLS: counter },
  });
  try {
    const table: Array<[given: string, args: Record<string, unknown>, at: RegExp]> = [
      ['a wrong type', { city: 3 }, /\/city/],
      ['a missing required field', { days: 2 }, /city/],
      ['an extra field on a closed object', { city: 'paris', hourly: true }, /hourly/],
      ['a value out of range', { city: 'paris', days: 99 }, /\/days/],
    ];
    for (const [given, args, at] of table) {
      const result = await mock.client.callTool({ name: 'get-forecast', arguments: args });
      const payload = codedText(result);
      assert.equal(payload.code, 'invalid_arguments', given);
      assert.equal(payload.retryable, false, given);
      assert.match(payload.message!, at, given);
    }
    assert.deepEqual(await calls(), [], 'no handler ran');
    // Through the generated client: a coded error the code of which the client reports.
    const weather = new WeatherClient(mock.client, { validateInput: false });
    const bad = await weather.getForecast({ city: 3 as unknown as string });
    assert.ok(
      !bad.ok && bad.error.code === '$unknown' && bad.error.serverCode === 'invalid_arguments',
    );
    assert.equal(bad.ok ? undefined : bad.error.retryable, false);
    assert.deepEqual(await calls(), []);
    const good = await mock.client.callTool({ name: 'get-forecast', arguments: { city: 'oslo' } });
    assert.equal(good.isError, undefined);
    assert.deepEqual(await calls(), ['getForecast'], 'a valid call runs the handler once');
  } finally {
    await mock.close();
  }
});

test('handlers by method name and by tool name: an output object, a raw result, mockError', async () => {
  await writeFile(counter, '');
  const mock = await connectMock(['--snapshot', SNAPSHOT, '--handlers', handlers], {
    env: { MOCK_CALLS: counter },
  });
  try {
    const weather = new WeatherClient(mock.client);
    const forecast = await weather.getForecast({ city: 'lima', days: 2 });
    assert.ok(forecast.ok, JSON.stringify(forecast));
    assert.deepEqual(forecast.data, {
      city: 'lima',
      days: [
        { day: 1, highC: 20, condition: 'sunny' },
        { day: 2, highC: 21, condition: 'sunny' },
      ],
    });
    const raw = await mock.client.callTool({
      name: 'set_alert',
      arguments: { city: 'lima', thresholdC: 30 },
    });
    assert.deepEqual(raw.content, [{ type: 'text', text: 'raw lima' }], 'sent as it was returned');
    const unknown = await weather.getForecast({ city: 'atlantis' });
    assert.ok(!unknown.ok, JSON.stringify(unknown));
    assert.equal(unknown.error.code, GetForecastErrorCode.UnknownCity);
    const refused = await weather.setAlert({ city: 'atlantis', thresholdC: 30 });
    assert.ok(!refused.ok, JSON.stringify(refused));
    assert.equal(
      refused.error.code,
      SetAlertErrorCode.UnknownCity,
      'mockError: an isError coded result',
    );
    assert.equal(refused.error.retryable, false);
    // No handler for list_cities: generated data for its output schema.
    const cities = await weather.listCities();
    assert.ok(cities.ok && Array.isArray(cities.data.cities));
    assert.deepEqual(await calls(), ['getForecast', 'set_alert', 'getForecast', 'set_alert']);
  } finally {
    await mock.close();
  }
});

test('the config names the handler module; a misspelt handler is refused with the nearest name', async () => {
  const config = join(work, 'mcp-codegen.config.mjs');
  await writeFile(
    config,
    `export default { servers: [{ name: 'weather', source: { snapshot: ${JSON.stringify(SNAPSHOT)} }, out: 'client', mock: { handlers: './weather.mock.ts' } }] };\n`,
  );
  await writeFile(counter, '');
  const mock = await connectMock(['--server', 'weather', '--config', config], {
    env: { MOCK_CALLS: counter },
  });
  try {
    const result = await mock.client.callTool({
      name: 'get-forecast',
      arguments: { city: 'rome' },
    });
    assert.equal((result.structuredContent as { city: string }).city, 'rome');
    assert.deepEqual(await calls(), ['getForecast']);
  } finally {
    await mock.close();
  }
  const typo = join(work, 'typo.mjs');
  await writeFile(typo, 'export default { getForecst: () => ({}) };\n');
  const run = await runCli(['mock', '--snapshot', SNAPSHOT, '--handlers', typo]);
  assert.equal(run.code, 2, run.stderr);
  assert.match(run.stderr, /handler "getForecst" for no tool/);
  assert.match(run.stderr, /did you mean `getForecast`/);
  assert.equal(run.stdout, '');
});

test("the README's handler module runs as written", async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const block = /```ts\n\/\/ test\/weather\.mock\.ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has the test/weather.mock.ts block');
  const file = await writeText(join(work, 'readme.mock.ts'), block);
  const mock = await connectMock(['--snapshot', SNAPSHOT, '--handlers', file]);
  try {
    const weather = new WeatherClient(mock.client);
    const forecast = await weather.getForecast({ city: 'oslo', days: 2 });
    assert.ok(forecast.ok && forecast.data.days.length === 2, JSON.stringify(forecast));
    const refused = await weather.setAlert({ city: 'atlantis', thresholdC: 1 });
    assert.ok(!refused.ok && refused.error.code === SetAlertErrorCode.UnknownCity);
    assert.ok((await weather.setAlert({ city: 'oslo', thresholdC: 1 })).ok);
  } finally {
    await mock.close();
  }
});
