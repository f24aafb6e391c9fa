/**
 * Faults, for testing what a client does when a server misbehaves: each `--fault` kind through
 * SDK v1's Client, and `--then`: after n calls the mock serves another catalog and says so with
 * `notifications/tools/list_changed` (on a `subscriptions/listen` stream in the 2026-07-28 era),
 * which a guarded generated client turns into `$changed` and `$unavailable` for those tools only.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  ErrorCode,
  McpError,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SetAlertErrorCode, WeatherClient } from '../examples/weather/client/index.js';
import { connectMock, connectMockV2, snapshotOfEra, writeText } from './helpers/mock.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';

const work = join(tmpRoot, 'mock-faults');
const SNAPSHOT = join(repoRoot, 'examples/weather/weather.snapshot.json');
let changed: string;

before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  // The next catalog: get-forecast takes a new required argument, convert-temperature is gone.
  const next = JSON.parse(await readFile(SNAPSHOT, 'utf8'));
  const forecast = next.tools.find((t: { name: string }) => t.name === 'get-forecast');
  forecast.inputSchema.properties.units = { type: 'string' };
  forecast.inputSchema.required.push('units');
  next.tools = next.tools.filter((t: { name: string }) => t.name !== 'convert-temperature');
  changed = await writeText(join(work, 'next.json'), JSON.stringify(next));
});
after(() => rm(work, { recursive: true, force: true }));

const rejectsWith = (code: number) => (e: unknown) => e instanceof McpError && e.code === code;

test('hang: the client timeout fires; error:<code>: that code; protocol-error: a JSON-RPC error', async () => {
  const mock = await connectMock([
    '--snapshot',
    SNAPSHOT,
    '--fault',
    'get-forecast=hang',
    '--fault',
    'set_alert=error:alert_limit_reached',
    '--fault',
    'list_cities=protocol-error',
  ]);
  try {
    await assert.rejects(
      mock.client.callTool({ name: 'get-forecast', arguments: { city: 'paris' } }, undefined, {
        timeout: 300,
      }),
      rejectsWith(ErrorCode.RequestTimeout),
    );
    const weather = new WeatherClient(mock.client);
    const alert = await weather.setAlert({ city: 'paris', thresholdC: 30 });
    assert.ok(!alert.ok && alert.error.code === SetAlertErrorCode.AlertLimitReached);
    await assert.rejects(
      mock.client.callTool({ name: 'list_cities', arguments: {} }),
      rejectsWith(ErrorCode.InternalError),
    );
    // A tool without a fault answers as usual on the same connection.
    const converted = await weather.convertTemperature({ from: 'C', to: 'F', value: 1 });
    assert.ok(converted.ok);
  } finally {
    await mock.close();
  }
});

test('slow:<ms> answers late: a later quick call is answered first', async () => {
  const mock = await connectMock(['--snapshot', SNAPSHOT, '--fault', 'list_cities=slow:1500']);
  try {
    const order: string[] = [];
    const slow = mock.client
      .callTool({ name: 'list_cities', arguments: {} })
      .then((r) => (order.push('slow'), r));
    const quick = mock.client
      .callTool({ name: 'convert-temperature', arguments: { from: 'C', to: 'F', value: 1 } })
      .then((r) => (order.push('quick'), r));
    const [slowResult] = await Promise.all([slow, quick]);
    assert.deepEqual(order, ['quick', 'slow']);
    assert.ok(slowResult.structuredContent, 'the slow call still answers');
  } finally {
    await mock.close();
  }
});

test("crash: the SDK's closed-connection error", async () => {
  const mock = await connectMock(['--snapshot', SNAPSHOT, '--fault', '*=crash']);
  await assert.rejects(
    mock.client.callTool({ name: 'list_cities', arguments: {} }),
    rejectsWith(ErrorCode.ConnectionClosed),
  );
  assert.match(mock.stderr(), /crash: exiting/);
});

test(
  '--then: list_changed, the next catalog, and a guarded client blocks only what changed',
  { timeout: 60_000 },
  async () => {
    const mock = await connectMock(['--snapshot', SNAPSHOT, '--then', changed, '--after', '2']);
    try {
      let notified!: () => void;
      const notification = new Promise<void>((resolve) => (notified = resolve));
      mock.client.setNotificationHandler(ToolListChangedNotificationSchema, () => notified());
      assert.equal(mock.client.getServerCapabilities()?.tools?.listChanged, true);
      const weather = new WeatherClient(mock.client, { guard: 'block' });
      assert.ok((await weather.listCities()).ok);
      assert.ok((await weather.getForecast({ city: 'paris' })).ok, 'before the change');
      await notification;
      const names = (await mock.client.listTools()).tools.map((t) => t.name).sort();
      assert.deepEqual(names, ['get-forecast', 'list_cities', 'set_alert']);
      const forecast = await weather.getForecast({ city: 'paris' });
      assert.ok(!forecast.ok && forecast.error.code === '$changed', JSON.stringify(forecast));
      const gone = await weather.convertTemperature({ from: 'C', to: 'F', value: 1 });
      assert.ok(!gone.ok && gone.error.code === '$unavailable', JSON.stringify(gone));
      assert.ok((await weather.listCities()).ok, 'an unchanged tool keeps working');
    } finally {
      await mock.close();
    }
  },
);

test(
  '--then in the 2026-07-28 era: list_changed on a subscriptions/listen stream',
  { timeout: 60_000 },
  async () => {
    const modern = await writeText(
      join(work, 'modern.json'),
      await snapshotOfEra(SNAPSHOT, 'modern'),
    );
    const next = await writeText(
      join(work, 'next.modern.json'),
      await snapshotOfEra(changed, 'modern'),
    );
    const client = await connectMockV2(
      ['--snapshot', modern, '--then', next, '--after', '1'],
      'modern',
    );
    try {
      let notified!: () => void;
      const notification = new Promise<void>((resolve) => (notified = resolve));
      client.setNotificationHandler('notifications/tools/list_changed', () => notified());
      const subscription = await client.listen({ toolsListChanged: true });
      assert.equal((await client.listTools()).tools.length, 4);
      await client.callTool({ name: 'list_cities', arguments: {} });
      await notification;
      assert.equal((await client.listTools()).tools.length, 3);
      await subscription.close();
    } finally {
      await client.close();
    }
  },
);
