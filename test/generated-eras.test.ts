/**
 * Generated clients called for real through SDK v1's and SDK v2's `Client`, in both protocol eras.
 *
 * fixtures/servers/v2-results.ts (an SDK v2 `McpServer`) is listed in each era by a v2 Client, and a
 * client is generated from each snapshot. Each generated client is then called through a v1 Client
 * (legacy), a v2 Client in the legacy era and a v2 Client pinned to 2026-07-28. Non-object outputs
 * travel as `{ result: ... }` in the legacy era and bare in the modern era; the generated client
 * returns the shape its snapshot (and so its types) describes either way. The v1 server fixture
 * (results.ts) is called through a v2 Client too; generated-servers.test.ts covers it with v1.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, test } from 'node:test';
import type { ErrorCodeConfig } from '../src/config/types.js';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import type { ProtocolEra } from '../templates/runtime.js';
import { tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { typecheck } from './helpers/tsc.js';
import { connectV1, connectV2, type FixtureServer } from './helpers/runtime-fixture.js';

// Servers are started once per file: each calling connection below is opened on first use and
// shared by every test that needs it (the fixture servers keep no state between calls), and each
// client is generated once, for its calls and for the type check at the end.
type Closable = { close(): Promise<void> };
const opened = new Map<string, Promise<Closable>>();
function shared<T extends Closable>(key: string, connect: () => Promise<T>): Promise<T> {
  if (!opened.has(key)) opened.set(key, connect());
  return opened.get(key) as Promise<T>;
}
after(async () => {
  await Promise.all([...opened.values()].map(async (c) => (await c).close()));
});

const v1 = (server: FixtureServer) => shared(`v1 ${server}`, () => connectV1(server));
const v2 = (server: FixtureServer, era: ProtocolEra) =>
  shared(`v2 ${server} ${era}`, () => connectV2(server, era));

/**
 * The server's catalog as a v2 Client lists it in `era`, read like any snapshot. The lister has a
 * connection of its own: a v2 Client that listed the tools checks their results itself, and the
 * tests must see what the generated client makes of an invalid one.
 */
async function snapshotIn(server: FixtureServer, era: ProtocolEra) {
  const lister = await connectV2(server, era);
  try {
    const { tools } = await lister.listTools();
    return parseSnapshot(
      {
        protocolVersion: lister.getNegotiatedProtocolVersion(),
        serverInfo: lister.getServerVersion(),
        tools,
      },
      `${server} (${era})`,
    );
  } finally {
    await lister.close();
  }
}

const generated = new Map<string, Promise<unknown>>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function generate(
  server: FixtureServer,
  era: ProtocolEra,
  name: string,
  errors?: ErrorCodeConfig,
): Promise<any> {
  const key = JSON.stringify([server, era, name, errors]);
  if (!generated.has(key)) generated.set(key, generateOnce(server, era, name, errors));
  return generated.get(key)!;
}

async function generateOnce(
  server: FixtureServer,
  era: ProtocolEra,
  name: string,
  errors?: ErrorCodeConfig,
): Promise<unknown> {
  const dir = join(tmpRoot, 'generated-eras', `${server}-${era}`);
  const { files } = await renderClient(
    await snapshotIn(server, era),
    { name, ...(errors ? { errors } : {}) },
    dir,
  );
  await writeFiles(dir, files);
  // Specs are internal (index.ts does not export them): read from tools.ts.
  const specs: unknown = await import(pathToFileURL(join(dir, 'validators.ts')).href);
  return { ...(await import(pathToFileURL(join(dir, 'index.ts')).href)), specs };
}

const READINGS = [
  { sensor: 'attic', celsius: 19.5 },
  { sensor: 'cellar', celsius: 11 },
];
const sensorErrors = {
  tools: { calibrate: { sensor_locked: 'Another calibration holds the sensor' } },
};

const connections = {
  'SDK v1 Client (legacy)': () => v1('v2-results'),
  'SDK v2 Client (legacy)': () => v2('v2-results', 'legacy'),
  'SDK v2 Client (modern, 2026-07-28)': () => v2('v2-results', 'modern'),
} as const;
const clientEra = (name: string): ProtocolEra => (name.includes('modern') ? 'modern' : 'legacy');

for (const snapshotEra of ['legacy', 'modern'] as const) {
  describe(`v2 McpServer, client generated from a ${snapshotEra}-era snapshot`, () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let module: any;
    before(async () => {
      module = await generate('v2-results', snapshotEra, 'sensors', sensorErrors);
    });

    test('the spec records the era and the form of non-object outputs', () => {
      assert.equal(module.specs.ListReadingsSpec.era, snapshotEra);
      assert.equal(
        module.specs.ListReadingsSpec.eraForm,
        snapshotEra === 'legacy' ? 'wrapped' : 'raw',
      );
      assert.equal(
        module.specs.CountSensorsSpec.eraForm,
        snapshotEra === 'legacy' ? 'wrapped' : 'raw',
      );
      assert.equal(
        module.specs.GetReadingSpec.eraForm,
        undefined,
        'object outputs look the same in both eras',
      );
    });

    for (const [name, connect] of Object.entries(connections)) {
      describe(`through the ${name}`, () => {
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        let sensors: any;
        before(async () => {
          sensors = new module.SensorsClient(await connect());
        });

        test('an array-valued output comes back in the snapshot’s shape, validated', async () => {
          const result = await sensors.listReadings();
          assert.equal(result.ok, true, JSON.stringify(result.error));
          assert.equal(result.variant, 'documented');
          assert.deepEqual(result.data, snapshotEra === 'legacy' ? { result: READINGS } : READINGS);
          const count = await sensors.countSensors();
          assert.deepEqual(count.data, snapshotEra === 'legacy' ? { result: 2 } : 2);
        });

        test('an invalid array payload is $invalid_result with a pointer, or names both eras when they differ', async () => {
          const pointer = snapshotEra === 'legacy' ? '/result/0/celsius' : '/0/celsius';
          if (clientEra(name) === snapshotEra) {
            const result = await sensors.listReadings({ mode: 'invalid' });
            assert.equal(result.ok, false);
            assert.equal(result.error.code, module.RuntimeErrorCode.InvalidResult);
            assert.equal(result.error.issues[0].pointer, pointer);
          } else {
            await assert.rejects(sensors.listReadings({ mode: 'invalid' }), (e: Error) => {
              assert.ok(e instanceof module.OutputEraMismatchError, String(e));
              assert.match(
                e.message,
                new RegExp(
                  `snapshot taken in the ${snapshotEra} era.*negotiated the ${clientEra(name)} era`,
                ),
              );
              assert.match(
                e.message,
                new RegExp(`${pointer} Instance type "\\w+" is invalid\\. Expected "number"`),
              );
              return true;
            });
          }
        });

        test('error branches sharing `error` are told apart by value: const and every enum member', async () => {
          const codes = module.GetReadingErrorCode;
          const documented = await sensors.getReading({ sensor: 'attic' });
          assert.deepEqual([documented.ok, documented.data], [true, READINGS[0]]);
          const quota = await sensors.getReading({ sensor: 'quota' });
          assert.deepEqual(
            [quota.ok, quota.error.code, quota.error.message],
            [false, codes.QuotaExhausted, 'Daily quota of 1000 readings used up.'],
          );
          for (const [sensor, code] of [
            ['busy', codes.Busy],
            ['timeout', codes.Timeout],
          ]) {
            const result = await sensors.getReading({ sensor });
            assert.equal(result.ok, false);
            assert.equal(result.error.code, code, JSON.stringify(result.error));
            assert.deepEqual(result.error.details, { error: sensor, retry_after_s: 5 });
          }
          const invalid = await sensors.getReading({ sensor: 'attic', mode: 'invalid' });
          assert.equal(invalid.error.code, module.RuntimeErrorCode.InvalidResult);
          assert.equal(invalid.error.issues[0].pointer, '/celsius');
        });

        test('an isError result carries the configured code; plain error text is $uncoded', async () => {
          const locked = await sensors.calibrate({ sensor: 'locked' });
          assert.equal(locked.ok, false);
          assert.equal(locked.error.code, module.CalibrateErrorCode.SensorLocked);
          assert.equal(locked.error.retryable, true);
          assert.equal(locked.error.message, 'The sensor is locked by another calibration.');
          const broken = await sensors.calibrate({ sensor: 'broken' });
          assert.deepEqual(
            [broken.error.code, broken.error.message],
            ['$uncoded', 'The sensor does not answer.'],
          );
          const ok = await sensors.calibrate({ sensor: 'attic' });
          // No outputSchema: data is ToolContent, the text and the blocks it came in.
          assert.deepEqual(
            [ok.ok, ok.data],
            [
              true,
              { text: 'Calibrated attic.', content: [{ type: 'text', text: 'Calibrated attic.' }] },
            ],
          );
        });

        test('per-call options reach the SDK in the position it reads them: an aborted signal aborts', async () => {
          const controller = new AbortController();
          controller.abort(new Error('stopped by the test'));
          await assert.rejects(
            sensors.listReadings({}, { signal: controller.signal }),
            (e: Error) => {
              assert.ok(
                !(e instanceof module.McpProtocolError),
                'an abort is not a protocol error',
              );
              assert.match(String(e?.message ?? e), /stopped by the test|abort/i);
              return true;
            },
          );
          const result = await sensors.listReadings({}, { timeout: 30_000 });
          assert.equal(result.ok, true);
        });
      });
    }
  });
}

describe('v1 Server fixture (results.ts) through the SDK v2 Client', () => {
  const errors = {
    server: {
      expression_too_long: '',
      invalid_expression: '',
      UPSTREAM_TIMEOUT: '',
      unknown_tool: '',
    },
  };
  test('documented data, coded envelope, isError code, invalid payload, protocol error', async () => {
    const module = await generate('results', 'legacy', 'results', errors);
    const client = new module.ResultsClient(await v2('results', 'legacy'));
    const documented = await client.getWeather({ city: 'Oslo' });
    assert.deepEqual([documented.ok, documented.data.city], [true, 'Oslo']);
    const envelope = await client.getWeather({ city: 'Oslo', mode: 'budget' });
    assert.equal(envelope.error.code, module.GetWeatherErrorCode.BudgetExceeded);
    const timeout = await client.fetchUpstream({ mode: 'timeout' });
    assert.deepEqual([timeout.error.code, timeout.error.retryable], ['UPSTREAM_TIMEOUT', true]);
    const invalid = await client.getWeather({ city: 'Oslo', mode: 'invalid' });
    assert.deepEqual(
      [invalid.error.code, invalid.error.issues[0].pointer],
      ['$invalid_result', '/temperature_c'],
    );
    await assert.rejects(client.fetchUpstream({ mode: 'protocol' }), (e: Error) => {
      assert.ok(e instanceof module.McpProtocolError);
      assert.equal((e as unknown as { code: number }).code, -32602);
      assert.equal(
        e.message,
        'MCP error -32602: Upstream "mars" is not allowed (tools/call "fetch_upstream")',
      );
      return true;
    });
  });
});

// The generated code under the strictest settings users have, with either SDK's Client passed in,
// and the data types following each snapshot's era (a wrapped object, or the bare array).
const USAGE = `import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SensorsClient as LegacySensors } from './v2-results-legacy/index.js';
import { SensorsClient as ModernSensors } from './v2-results-modern/index.js';

export async function both(v1: Client, v2: ClientV2): Promise<number> {
  const legacy = new LegacySensors(v1);
  const modern = new ModernSensors(v2);
  new LegacySensors(v2);
  new ModernSensors(v1);
  const a = await legacy.listReadings({}, { timeout: 1000, onprogress: (p) => void p.progress });
  const b = await modern.listReadings({}, { signal: AbortSignal.timeout(1000) });
  const wrapped: number = a.ok ? a.data.result.length : 0;
  const bare: number = b.ok ? b.data.length : 0;
  // @ts-expect-error: the legacy snapshot's output is the { result } envelope, not an array
  void (a.ok && a.data.length);
  return wrapped + bare;
}
`;

test('the generated clients compile strictly and accept both SDK Clients (NodeNext and Bundler)', async () => {
  const dir = join(tmpRoot, 'generated-eras');
  await generate('v2-results', 'legacy', 'sensors', sensorErrors);
  await generate('v2-results', 'modern', 'sensors', sensorErrors);
  await writeFile(join(dir, 'usage.ts'), USAGE);
  for (const resolution of ['nodenext', 'bundler'] as const) {
    const result = await typecheck(dir, resolution);
    assert.ok(result.ok, `tsc (${resolution}):\n${result.output.slice(0, 4000)}`);
  }
});
