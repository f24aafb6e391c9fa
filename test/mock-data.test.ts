/**
 * Generated data: every tool of the shared catalogs that declares an output schema, called on the
 * mock with arguments made for its inputSchema, answers data that Ajv finds valid against that
 * schema (as structuredContent and the same JSON as text), and the same data in another process
 * with the same seed; another seed gives other data. Legacy era through SDK v1's Client, the
 * 2026-07-28 era through SDK v2's; and in process, `createMockClient` answers as the server did.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { parseSnapshotText, type Tool } from '../src/snapshot/index.js';
import { createMockClient } from '../src/mock/index.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { connectMock, connectMockV2, snapshotOfEra, writeText } from './helpers/mock.js';
import { sharedCatalogs, tmpRoot } from './helpers/paths.js';
import { WeatherClient } from '../examples/weather/client/index.js';

const work = join(tmpRoot, 'mock-data');
const shared = sharedCatalogs();
const ajv = new ValidatorCache();

before(async () => {
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
});
after(() => rm(work, { recursive: true, force: true }));

/** Arguments that satisfy a tool's inputSchema (checked with Ajv here, so a miss is the test's). */
function argumentsFor(tool: Tool): Record<string, unknown> {
  for (let seed = 1; seed < 50; seed++) {
    const args = generateSync(structuredClone(tool.inputSchema) as JsonSchema, { seed });
    if (ajv.validate(tool.inputSchema, args).length === 0) return args as Record<string, unknown>;
  }
  throw new Error(`no valid arguments found for ${tool.name}`);
}

type Call = (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

async function answers(file: string, era: 'legacy' | 'modern', seed: string, tools: Tool[]) {
  const args = ['--snapshot', file, '--seed', seed];
  let call: Call;
  let close: () => Promise<void>;
  if (era === 'legacy') {
    const mock = await connectMock(args);
    await mock.client.listTools(); // SDK v1 then checks structuredContent against the schemas itself
    call = async (name, a) => (await mock.client.callTool({ name, arguments: a })) as never;
    close = mock.close;
  } else {
    const client = await connectMockV2(args, era);
    call = async (name, a) => (await client.callTool({ name, arguments: a })) as never;
    close = () => client.close();
  }
  try {
    const out: Record<string, unknown> = {};
    for (const tool of tools) out[tool.name] = await call(tool.name, argumentsFor(tool));
    return out;
  } finally {
    await close();
  }
}

test('every declared output schema: valid generated data, the same for the same seed', async (t) => {
  if (shared.skip) return t.skip(shared.skip);
  let checked = 0;
  for (const catalog of shared.files) {
    const tools = parseSnapshotText(await readFile(catalog, 'utf8'), catalog).tools.filter(
      (tool) => tool.outputSchema !== undefined,
    );
    if (tools.length === 0) continue;
    for (const era of ['legacy', 'modern'] as const) {
      const file = await writeText(
        join(work, `${basename(catalog)}.${era}.json`),
        await snapshotOfEra(catalog, era),
      );
      const first = await answers(file, era, '7', tools);
      for (const tool of tools) {
        const result = first[tool.name] as { structuredContent?: unknown; content: unknown[] };
        const where = `${basename(catalog)} ${era} ${tool.name}`;
        assert.notEqual(result.structuredContent, undefined, `${where}: ${JSON.stringify(result)}`);
        assert.deepEqual(ajv.validate(tool.outputSchema!, result.structuredContent), [], where);
        assert.deepEqual(
          JSON.parse((result.content[0] as { text: string }).text),
          result.structuredContent,
          `${where}: the same JSON as text`,
        );
        checked++;
      }
      // The seed is era-blind: one era shows that it repeats, that it matters, and that in process
      // is the same (each a server process of its own, most of this test's time).
      if (era === 'modern') continue;
      assert.deepEqual(
        await answers(file, era, '7', tools),
        first,
        `${catalog} ${era}: seed 7 again`,
      );
      // In process (what a generated mock.ts calls), the same answers as the server gave, over the
      // tools as it served them (the canonical snapshot: its key order is the data generator's).
      const served = parseSnapshotText(await readFile(file, 'utf8'), file).tools;
      const inProcess = createMockClient(
        served.map((tool) => ({ ...tool, method: tool.name })),
        {},
        { seed: 7 },
      );
      for (const tool of tools)
        assert.deepEqual(
          await inProcess.callTool({ name: tool.name, arguments: argumentsFor(tool) }),
          first[tool.name],
          `${basename(catalog)} ${tool.name}: createMockClient answers as the server`,
        );
      // Seed 8 in process too: the server answers as createMockClient does (just above).
      const otherClient = createMockClient(
        served.map((tool) => ({ ...tool, method: tool.name })),
        {},
        { seed: 8 },
      );
      const other: Record<string, unknown> = {};
      for (const tool of tools)
        other[tool.name] = await otherClient.callTool({
          name: tool.name,
          arguments: argumentsFor(tool),
        });
      assert.ok(
        tools.some((tool) => JSON.stringify(other[tool.name]) !== JSON.stringify(first[tool.name])),
        `${catalog} ${era}: seed 8 gives other data`,
      );
    }
  }
  t.diagnostic(`${checked} tool calls with generated data checked`);
  assert.ok(checked > 300, `${checked} calls checked`);
});

test('the generated example client gets ok: true from generated data', async () => {
  const mock = await connectMock(['--snapshot', 'examples/weather/weather.snapshot.json']);
  try {
    const weather = new WeatherClient(mock.client);
    const forecast = await weather.getForecast({ city: 'paris', days: 2 });
    assert.ok(forecast.ok, JSON.stringify(forecast));
    assert.equal(typeof forecast.data.city, 'string');
    const cities = await weather.listCities();
    assert.ok(cities.ok && Array.isArray(cities.data.cities), JSON.stringify(cities));
    const converted = await weather.convertTemperature({ from: 'C', to: 'F', value: 20 });
    assert.ok(converted.ok, JSON.stringify(converted));
  } finally {
    await mock.close();
  }
});

test('a schema with a remote $ref: nothing is fetched, and the mock refuses it as the client does', async () => {
  let requests = 0;
  const http = createServer((_req, res) => {
    requests++;
    res.end('{"type":"object"}');
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = (http.address() as { port: number }).port;
  const remote = `http://127.0.0.1:${port}/schema.json`;
  const output = { type: 'object', properties: { r: { $ref: remote } }, required: ['r'] };
  const file = await writeText(
    join(work, 'remote-ref.json'),
    JSON.stringify({
      tools: [
        {
          name: 'fetchy',
          inputSchema: { type: 'object', properties: { q: { $ref: remote } } },
          outputSchema: output,
        },
        { name: 'fetchier', inputSchema: { type: 'object' }, outputSchema: output },
      ],
    }),
  );
  const mock = await connectMock(['--snapshot', file]);
  try {
    // The generated client rejects every value against such a schema: the mock refuses it too, saying which and why.
    for (const [name, schema] of [
      ['fetchy', 'inputSchema'],
      ['fetchier', 'outputSchema'],
    ] as const) {
      const result = await mock.client.callTool({ name, arguments: { q: 1 } });
      assert.equal(result.isError, true);
      const payload = JSON.parse((result.content as Array<{ text: string }>)[0]!.text) as {
        code: string;
        message: string;
      };
      assert.equal(payload.code, 'mock_unusable_schema');
      assert.match(payload.message, new RegExp(`^the ${schema} of ${name} cannot be used`));
      assert.match(payload.message, /does not resolve inside the schema/);
    }
  } finally {
    await mock.close();
    await new Promise<void>((resolve) => http.close(() => resolve()));
  }
  assert.equal(requests, 0, 'no request reached the loopback server');
});
