/**
 * mock.ts (config `mock: true`): `define<Name>Mock` types handlers by the client's method names and
 * `create<Name>Mock` answers the generated functions and client class in process, with the strict
 * input check of `mcp-codegen mock` first. A client is generated here from the example's snapshot
 * with one closed input object (the example declares none, and an extra field needs one), its
 * usage file is compiled by tsc --strict, and its mock is called for real: no process at all.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import {
  SetAlertErrorCode,
  WeatherClient as ExampleClient,
  getForecast as exampleForecast,
} from '../examples/weather/client/index.js';
import { createWeatherMock as exampleMock } from '../examples/weather/client/mock.js';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshotText, readSnapshotFile } from '../src/snapshot/index.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { connectMock } from './helpers/mock.js';
import { diagnostics, typecheck } from './helpers/tsc.js';

const dir = join(tmpRoot, 'mock-client');
const SNAPSHOT = join(repoRoot, 'examples/weather/weather.snapshot.json');
const ERRORS = {
  tools: { set_alert: { unknown_city: 'Not a city.', alert_limit_reached: 'Three already.' } },
};

// One line each under its directive: tsc reports the error on the handler's line, which the directive covers.
const USAGE = `import { defineWeatherMock, createWeatherMock, mockError } from './client/mock.js';
import { WeatherClient, getForecast } from './client/index.js';

export const handlers = defineWeatherMock({
  getForecast: (input) => ({ city: input.city, days: [{ day: 1, highC: 20, condition: 'sunny' }] }),
  setAlert: async (input) => input.city === 'atlantis' ? mockError('unknown_city', { retryable: false }) : { active: 1, alertId: 'a1', city: input.city },
  listCities: () => ({ content: [{ type: 'text', text: 'raw' }] }),
  convertTemperature: (input, context) => ({ unit: input.to, value: context.call }),
});
export const client = new WeatherClient(createWeatherMock(handlers, { seed: 2 }));
export const forecast = getForecast(createWeatherMock(), { city: 'oslo' });

defineWeatherMock({
  // @ts-expect-error highC is a number: a field of the wrong type
  getForecast: (input) => ({ city: input.city, days: [{ day: 1, highC: 'hot', condition: 'sunny' }] }),
});
defineWeatherMock({
  // @ts-expect-error a field of the wrong type, resolved by an async handler
  setAlert: async (input) => ({ active: 'one', alertId: 'a1', city: input.city }),
});
defineWeatherMock({
  // @ts-expect-error a code no tool declares
  setAlert: () => mockError('no_such_code'),
});
defineWeatherMock({
  // @ts-expect-error a code another tool declares, not this one
  convertTemperature: () => mockError('unknown_city'),
});

// get-forecast declares unknown_city in its output schema's error envelope: its fields are typed
// (the mock fills the required ones left out); tools without codes answer uncoded and unknown errors.
export const errors = defineWeatherMock({
  getForecast: () => mockError('unknown_city', { message: 'no such city' }),
  listCities: () => mockError.uncoded('the city list is being rebuilt'),
  convertTemperature: async () => mockError.unknown('E_UNIT_TABLE', 'the unit table is missing'),
});
defineWeatherMock({
  // @ts-expect-error retryable is a boolean in get-forecast's error envelope
  getForecast: () => mockError('unknown_city', { retryable: 'no' }),
});
defineWeatherMock({
  // @ts-expect-error a code some tool declares is not an unknown one
  listCities: () => mockError.unknown('unknown_city'),
});
`;
const DIRECTIVES = USAGE.split('\n').filter((l) => l.includes('@ts-expect-error')).length;

type AnyResult =
  | { ok: true; data: unknown }
  | { ok: false; error: { code: string; message: string; serverCode?: string } };
type Mock = typeof import('../examples/weather/client/mock.js');
type Index = typeof import('../examples/weather/client/index.js');
let generated: { mock: Mock; index: Index };
let names: { tool: string; error: string };

/** The README's node:test example, importing this client instead of `src/generated/weather`. */
async function readmeExample(): Promise<string> {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const block = /```ts\n\/\/ test\/forecast\.test\.ts\n([\s\S]*?)```/.exec(readme)?.[1];
  assert.ok(block, 'README has the test/forecast.test.ts block');
  const text = block.replaceAll('../src/generated/weather/', './client/');
  assert.notEqual(text, block, 'the block imports the generated client');
  return `/// <reference types="node" />\n${text}`;
}

// A handler module for the CLI, typed by the same define function.
const HANDLER_MODULE = `import { defineWeatherMock, mockError } from './client/mock.js';
export default defineWeatherMock({
  getForecast: ({ city }) =>
    city === 'atlantis'
      ? mockError('unknown_city', { message: 'no such city' })
      : { city, days: [{ day: 1, highC: 12, condition: 'snow' }] },
  setAlert: () => mockError('alert_limit_reached'),
});
`;

before(async () => {
  const snapshot = parseSnapshotText(await readFile(SNAPSHOT, 'utf8'), SNAPSHOT);
  const forecast = snapshot.tools.find((t) => t.name === 'get-forecast')!;
  forecast.inputSchema = { ...forecast.inputSchema, additionalProperties: false };
  // A tool whose function would be mock.ts's `mockError`: the planner gives the tool another name.
  snapshot.tools.push({ name: 'mock_error', inputSchema: { type: 'object' } });
  const { files, model } = await renderClient(
    snapshot,
    { name: 'weather', errors: ERRORS, validateInput: true, mock: true },
    join(dir, 'client'),
  );
  // The per-tool layout too (codes imported from each tool's file), compiled in the same run.
  const perTool = await renderClient(
    await readSnapshotFile(join(repoRoot, 'fixtures/catalogs/coded-envelopes.json')),
    { name: 'coded', layout: 'per-tool', mock: true },
    join(dir, 'per-tool'),
  );
  await writeFiles(dir, [
    ...perTool.files.map((f) => ({ path: `per-tool/${f.path}`, content: f.content })),
    ...files.map((f) => ({ path: `client/${f.path}`, content: f.content })),
    { path: 'usage.ts', content: USAGE },
    // The same file without its directives: each must have had an error to expect.
    { path: 'usage-bare.ts', content: USAGE.replace(/^.*@ts-expect-error.*\n/gm, '') },
    { path: 'readme.test.ts', content: await readmeExample() },
    { path: 'weather.mock.ts', content: HANDLER_MODULE },
  ]);
  names = {
    tool: model.tools.find((t) => t.tool.name === 'mock_error')!.functionName,
    error: model.mock!.error,
  };
  const url = (path: string) => pathToFileURL(join(dir, 'client', path)).href;
  generated = { mock: await import(url('mock.ts')), index: await import(url('index.ts')) };
});

test('a usage file compiles under tsc --strict; a wrong field type and an undeclared code do not', async () => {
  const result = diagnostics(await typecheck(dir, 'nodenext'));
  assert.deepEqual(
    result.filter((d) => d.file !== 'usage-bare.ts'),
    [],
    'the clients (single and per-tool), their mock.ts and usage.ts compile, and every @ts-expect-error is used',
  );
  const bare = result.filter((d) => d.file === 'usage-bare.ts');
  assert.equal(bare.length, DIRECTIVES, bare.map((d) => d.text).join('\n'));
  assert.ok(bare.some((d) => /TS2322|TS2345|TS2769/.test(d.text)));
  // Issue 49 item 5: a wrong field type is reported at the field, not as a missing brand.
  const lines = USAGE.replace(/^.*@ts-expect-error.*\n/gm, '').split('\n');
  for (const field of ['highC', 'active']) {
    const line = lines.findIndex((l) => l.includes(`${field}: '`)) + 1;
    const said = bare.find((d) => d.text.startsWith(`usage-bare.ts(${line},`));
    assert.ok(said, `a diagnostic on line ${line}`);
    assert.match(said.text, new RegExp(`\\b${field}\\b`), said.text);
    assert.doesNotMatch(
      said.text,
      /is missing the following properties|\[mockErrorCode\]/,
      said.text,
    );
  }
});

function codedText(result: unknown): { code?: string; retryable?: boolean; message?: string } {
  const r = result as { isError?: boolean; content: Array<{ text: string }> };
  assert.equal(r.isError, true, JSON.stringify(r));
  return JSON.parse(r.content[0]!.text) as never;
}

test('invalid arguments get an isError invalid_arguments result and never reach the handler', async () => {
  const called: string[] = [];
  const mock = generated.mock.createWeatherMock({
    getForecast: (input) => {
      called.push('getForecast');
      return { city: input.city, days: [] };
    },
  });
  const table: Array<[given: string, args: Record<string, unknown>, at: RegExp]> = [
    ['a wrong type', { city: 3 }, /\/city/],
    ['a missing required field', { days: 2 }, /city/],
    ['an extra field on a closed object', { city: 'paris', hourly: true }, /hourly/],
  ];
  for (const [given, args, at] of table) {
    const result = await mock.callTool({ name: 'get-forecast', arguments: args });
    const payload = codedText(result);
    assert.equal(payload.code, 'invalid_arguments', given);
    assert.equal(payload.retryable, false, given);
    assert.match(payload.message!, at, given);
    // Through the class with its own input check off, so the mock's is what answers.
    const weather = new generated.index.WeatherClient(mock, { validateInput: false });
    const typed = await weather.getForecast(args as never);
    assert.ok(!typed.ok, given);
    assert.equal(typed.error.code, '$unknown', given);
    assert.equal((typed.error as { serverCode?: string }).serverCode, 'invalid_arguments', given);
  }
  assert.deepEqual(called, [], 'no handler ran');
  const valid = await mock.callTool({ name: 'get-forecast', arguments: { city: 'oslo' } });
  assert.equal(valid.isError, undefined);
  assert.deepEqual(called, ['getForecast'], 'a valid call runs the handler once');
});

test('a valid call is ok: true through the generated function and through the client class', async () => {
  const seen: Array<[string, number]> = [];
  const mock = generated.mock.createWeatherMock(
    generated.mock.defineWeatherMock({
      getForecast: (input, context) => {
        seen.push([input.city, context.call]);
        return { city: input.city, days: [{ day: 1, highC: 21, condition: 'rain' }] };
      },
      setAlert: async (input) =>
        input.city === 'atlantis'
          ? generated.mock.mockError('unknown_city', { retryable: false })
          : { active: 1, alertId: 'a1', city: input.city },
    }),
  );
  const direct = await generated.index.getForecast(mock, { city: 'lima' });
  assert.ok(direct.ok, JSON.stringify(direct));
  assert.deepEqual(direct.data, { city: 'lima', days: [{ day: 1, highC: 21, condition: 'rain' }] });
  const weather = new generated.index.WeatherClient(mock);
  const viaClass = await weather.getForecast({ city: 'rome', days: 1 });
  assert.ok(viaClass.ok && viaClass.data.city === 'rome', JSON.stringify(viaClass));
  assert.deepEqual(seen, [
    ['lima', 1],
    ['rome', 2],
  ]);
  const refused = await weather.setAlert({ city: 'atlantis', thresholdC: 30 });
  assert.ok(!refused.ok, JSON.stringify(refused));
  assert.equal(refused.error.code, 'unknown_city');
  assert.equal(refused.error.retryable, false);
  assert.ok((await weather.setAlert({ city: 'oslo', thresholdC: 30 })).ok);
  // No handler: data generated for the output schema, valid (the client checks it), the same for one seed.
  const cities = await weather.listCities();
  assert.ok(cities.ok, JSON.stringify(cities));
  const again = await new generated.index.WeatherClient(
    generated.mock.createWeatherMock(),
  ).listCities();
  assert.deepEqual(again, cities);
});

test('mockError in the form the tool declares: an envelope code is ok: false with that code, through the client', async () => {
  const mock = generated.mock.createWeatherMock(
    generated.mock.defineWeatherMock({
      getForecast: () => generated.mock.mockError('unknown_city', { message: 'no such city' }),
      setAlert: () => generated.mock.mockError('unknown_city'),
      listCities: () => generated.mock.mockError.uncoded('the city list is being rebuilt'),
      convertTemperature: () => generated.mock.mockError.unknown('E_UNIT_TABLE', 'no unit table'),
    }),
  );
  const weather = new generated.index.WeatherClient(mock);
  const envelope = await weather.getForecast({ city: 'atlantis' });
  assert.ok(!envelope.ok, JSON.stringify(envelope));
  assert.equal(envelope.error.code, 'unknown_city', JSON.stringify(envelope));
  assert.equal(envelope.error.message, 'no such city');
  // get-forecast's envelope requires retryable: the mock filled it, as the client's validation wants.
  assert.deepEqual(envelope.raw.structuredContent, {
    error: 'unknown_city',
    message: 'no such city',
    retryable: false,
  });
  assert.equal(envelope.raw.isError, undefined);
  // set_alert declares the same code in the config: an isError payload.
  const isError = await weather.setAlert({ city: 'atlantis', thresholdC: 1 });
  assert.ok(!isError.ok && isError.error.code === 'unknown_city', JSON.stringify(isError));
  assert.equal(isError.raw.isError, true);
  assert.equal(isError.error.retryable, false);
  const uncoded = await weather.listCities();
  assert.ok(!uncoded.ok, JSON.stringify(uncoded));
  assert.deepEqual(
    [uncoded.error.code, uncoded.error.message],
    ['$uncoded', 'the city list is being rebuilt'],
  );
  const unknown = await weather.convertTemperature({ from: 'C', to: 'F', value: 1 });
  assert.ok(!unknown.ok && unknown.error.code === '$unknown', JSON.stringify(unknown));
  assert.equal(unknown.error.serverCode, 'E_UNIT_TABLE');
  assert.throws(() => generated.mock.mockError.unknown('no such table' as never), /is not a code/);
});

test('every kind of envelope (a code key, a code-keyed branch, a code before a colon): ok: false with that code', async () => {
  const url = (path: string) => pathToFileURL(join(dir, 'per-tool', path)).href;
  type Coded = Record<string, (client: unknown, input?: object) => Promise<AnyResult>>;
  const index = (await import(url('index.ts'))) as Coded;
  const mock = (await import(url('mock.ts'))) as {
    createCodedMock(handlers: object): unknown;
    mockError(code: string, details?: object): unknown;
  };
  const client = mock.createCodedMock({
    describeTool: () => mock.mockError('unknown_tool', { requested: 'nope', available: ['a'] }),
    getNews: () => mock.mockError('_budget_exceeded'),
    getWeather: () => mock.mockError('_jmespath_error', { _jmespath_error: 'bad expression' }),
  });
  const table: Array<[fn: string, input: object, code: string, sent: object]> = [
    [
      'describeTool',
      {},
      'unknown_tool',
      { error: 'unknown_tool', requested: 'nope', available: ['a'] },
    ],
    ['getNews', {}, '_budget_exceeded', { _budget_exceeded: true }],
    ['getWeather', { city: 'oslo' }, '_jmespath_error', { _jmespath_error: 'bad expression' }],
  ];
  for (const [fn, input, code, sent] of table) {
    const result = await index[fn]!(client, input);
    assert.ok(!result.ok, `${fn}: ${JSON.stringify(result)}`);
    assert.equal(result.error.code, code, `${fn}: ${JSON.stringify(result)}`);
    assert.deepEqual(
      (result as unknown as { raw: { structuredContent: unknown } }).raw.structuredContent,
      sent,
      fn,
    );
  }
});

test('a tool nothing answers: mock_no_answer, ok: false; with lenient: true, the old text', async () => {
  const call = (generated.index as unknown as Record<string, (c: unknown) => Promise<AnyResult>>)[
    names.tool
  ]!;
  const strict = await call(generated.mock.createWeatherMock());
  assert.ok(!strict.ok, JSON.stringify(strict));
  assert.equal(strict.error.code, '$unknown');
  assert.equal(strict.error.serverCode, 'mock_no_answer');
  assert.match(
    strict.error.message,
    /no answer for mock_error: no handler, no recording, and no output schema/,
  );
  assert.match(strict.error.message, /Give it a handler \(`mockError` in the handler module/);
  const lenient = await call(generated.mock.createWeatherMock({}, { lenient: true }));
  assert.ok(lenient.ok, JSON.stringify(lenient));
  assert.match(JSON.stringify(lenient.data), /mcp-codegen mock has no answer for mock_error/);
});

test('a handler key that names no tool is refused with the nearest name', () => {
  assert.throws(
    () => generated.mock.createWeatherMock({ getForecst: () => ({}) } as never),
    /handler "getForecst" is for no tool; did you mean `getForecast`\?/,
  );
});

test("the example's createWeatherMock answers its generated function and WeatherClient", async () => {
  const calls: string[] = [];
  const mock = exampleMock({
    getForecast: ({ city }) => {
      calls.push(city);
      return { city, days: [{ day: 1, highC: 18, condition: 'cloudy' }] };
    },
  });
  const direct = await exampleForecast(mock, { city: 'oslo' });
  assert.ok(direct.ok && direct.data.days[0]!.highC === 18, JSON.stringify(direct));
  const weather = new ExampleClient(mock);
  // The example validates inputs itself (validateInput: true): a wrong type never reaches the mock.
  const bad = await weather.getForecast({ city: 3 as unknown as string });
  assert.ok(!bad.ok && bad.error.code === '$invalid_input', JSON.stringify(bad));
  const unchecked = await exampleForecast(
    mock,
    { city: 3 as unknown as string },
    { validateInput: false },
  );
  assert.ok(!unchecked.ok && unchecked.error.code === '$unknown', JSON.stringify(unchecked));
  assert.deepEqual(calls, ['oslo'], 'only the valid call ran the handler');
  const alert = await weather.setAlert({ city: 'oslo', thresholdC: 1 });
  assert.ok(alert.ok, 'generated data for set_alert, valid against its output schema');
  assert.equal(SetAlertErrorCode.UnknownCity, 'unknown_city');
});

/** Node on a file of this folder, as a user runs a test: outside this test run (its context not passed on). */
async function runNode(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const { NODE_TEST_CONTEXT: _, ...env } = process.env;
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, args, {
      cwd: repoRoot,
      env,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

test("the README's node:test example compiles (above) and passes", async () => {
  const run = await runNode(['--import', 'tsx', '--test', join(dir, 'readme.test.ts')]);
  assert.equal(run.code, 0, `${run.stdout}\n${run.stderr}`);
  assert.match(run.stdout, /# pass 1\n/);
});

test('a tool named mock_error gets another function name; mock.ts keeps mockError', () => {
  assert.deepEqual(names, { tool: 'mockError2', error: 'mockError' });
});

test('the CLI serves a handler module written with defineWeatherMock', async () => {
  const mock = await connectMock([
    '--snapshot',
    SNAPSHOT,
    '--handlers',
    join(dir, 'weather.mock.ts'),
  ]);
  try {
    const weather = new ExampleClient(mock.client);
    const forecast = await weather.getForecast({ city: 'oslo' });
    assert.ok(forecast.ok && forecast.data.days[0]!.condition === 'snow', JSON.stringify(forecast));
    // An envelope-declared code over the CLI mock: the envelope, which the client reads as that code.
    const unknown = await weather.getForecast({ city: 'atlantis' });
    assert.ok(!unknown.ok && unknown.error.code === 'unknown_city', JSON.stringify(unknown));
    assert.equal(unknown.error.message, 'no such city');
    const alert = await weather.setAlert({ city: 'oslo', thresholdC: 1 });
    assert.ok(!alert.ok && alert.error.code === SetAlertErrorCode.AlertLimitReached);
    // No handler: the server's generated data is the in-process mock's, for the same (default) seed.
    const served = await mock.client.callTool({ name: 'list_cities', arguments: {} });
    assert.deepEqual(await exampleMock().callTool({ name: 'list_cities', arguments: {} }), served);
  } finally {
    await mock.close();
  }
});
