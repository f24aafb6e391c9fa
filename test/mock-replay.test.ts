/**
 * A recording of real use replayed: the example client, recording with `mcp-codegen/record`,
 * calls the real fixture server; then the mock, given only the snapshot and that folder, answers
 * the same calls with the same results the client saw (its typed results, raw results included).
 */
import assert from 'node:assert/strict';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { WeatherClient } from '../examples/weather/client/index.js';
import { recordResults } from '../src/sample/record.js';
import { connectMock } from './helpers/mock.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { fixtureArgs } from './helpers/servers.js';

const work = join(tmpRoot, 'mock-replay');
const recordings = join(work, 'recordings');

before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
});
after(() => rm(work, { recursive: true, force: true }));

/** One call per tool and argument shape: a recording keeps the shape of the arguments, not their values. */
async function useWeather(weather: WeatherClient): Promise<unknown[]> {
  return [
    await weather.getForecast({ city: 'paris', days: 2 }),
    await weather.getForecast({ city: 'atlantis' }), // another shape: no `days`
    await weather.listCities(),
    await weather.setAlert({ city: 'nowhere', thresholdC: 30 }), // an isError coded result
    await weather.convertTemperature({ from: 'C', to: 'F', value: 20 }),
  ];
}

test('recorded against the fixture server, replayed by the mock: the same results', async () => {
  const recorder = recordResults(recordings);
  const real = new Client({ name: 'mock-replay-test', version: '0.0.0' });
  await real.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: fixtureArgs('example'),
      cwd: repoRoot,
    }),
  );
  let live: unknown[];
  try {
    live = await useWeather(new WeatherClient(real, { onResult: recorder.onResult }));
  } finally {
    await real.close();
  }
  await recorder.flush();
  assert.equal((await readdir(recordings)).length, 5, 'one recording a call');
  assert.ok(
    live.some((r) => !(r as { ok: boolean }).ok) && live.some((r) => (r as { ok: boolean }).ok),
  );

  const mock = await connectMock([
    '--snapshot',
    'examples/weather/weather.snapshot.json',
    '--from',
    recordings,
  ]);
  try {
    assert.deepEqual(await useWeather(new WeatherClient(mock.client)), live);
  } finally {
    await mock.close();
  }
  // Without the recordings the same calls get generated data: the replay is what made them equal.
  const bare = await connectMock(['--snapshot', 'examples/weather/weather.snapshot.json']);
  try {
    assert.notDeepEqual(await useWeather(new WeatherClient(bare.client)), live);
  } finally {
    await bare.close();
  }
});
