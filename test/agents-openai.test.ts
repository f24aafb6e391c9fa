/**
 * `agents: { openai: true }`: openai-agents.ts of a client (the example's snapshot, with its error
 * codes) and of an aggregate (`notes`, `db` and `closed` of fixtures/servers/aggregate.ts under
 * prefix: notes and db share `search`, and closed's `lookup` is the one input schema that fits
 * OpenAI's strict subset) type-check under --strict against the real @openai/agents, with usage
 * files whose misuses must not compile. Then the Agents SDK's own runner, driven by its test model
 * (`ScriptedModel` of @openai/agents/testing, which asks for the tool calls a real model would),
 * runs each against the running fixture servers: what the model is offered (names, strictness,
 * parameters), and what it reads back, the data or a coded error in the server's words. The
 * package's `openai` dependency declares Node 22 or newer, so the calls run again in a Node 24 child
 * (test/helpers/node24.ts).
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ResolvedConfig } from '../src/config/types.js';
import { generate } from '../src/generate/generate.js';
import { renderClient } from '../src/generate/render.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { connectRole, roleServers } from './helpers/aggregate-servers.js';
import { rerunOnNode24 } from './helpers/node24.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { fixtureArgs } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const root = join(tmpRoot, `agents-openai-${process.pid}`);
const ROLES = ['notes', 'db', 'closed'];
const agents = { openai: true };

const aggregateConfig: ResolvedConfig = {
  root,
  cache: false,
  runtime: { out: 'g/runtime' },
  aggregate: { name: 'Tools', out: 'g/tools', servers: ROLES, conflicts: 'prefix', agents },
  servers: roleServers(ROLES, agents),
};

const CLIENT_USAGE = `import { Agent } from '@openai/agents';
import type { McpClientLike } from '../runtime.js';
import { openaiAgentsTools } from '../openai-agents.js';

export function use(client: McpClientLike): Agent {
  const tools = openaiAgentsTools(client);
  tools['get-forecast'].strict satisfies boolean;
  // @ts-expect-error a tool the server does not list
  void tools['get-forcast'];
  // @ts-expect-error the client is an MCP client, not a string
  openaiAgentsTools('weather');
  return new Agent({ name: 'weather', tools: Object.values(tools) });
}
`;

const AGGREGATE_USAGE = `import { Agent } from '@openai/agents';
import type { ToolsClients } from './index.js';
import { openaiAgentsTools } from './openai-agents.js';

export function use(clients: ToolsClients): Agent {
  const tools = openaiAgentsTools(clients);
  tools.dbSearch.name satisfies string;
  // @ts-expect-error under prefix, search collides: no unprefixed flat name
  void tools.search;
  // @ts-expect-error the server's wire name is not a flat name
  void tools.count_rows;
  return new Agent({ name: 'tools', tools: Object.values(tools) });
}
`;

// Beside the example: a server with no tools, and tools named like what openai-agents.ts declares
// or imports (and `__proto__`, a key that would set the prototype), one of them fitting strict mode.
const closedInput = { type: 'object', properties: {}, additionalProperties: false };
const EDGE_CATALOGS = {
  empty: [],
  names: [
    'tool',
    'FunctionTool',
    'parametersOf',
    'modelOutput',
    'StrictParameters',
    '__proto__',
  ].map((name, i) => ({ name, inputSchema: i === 0 ? closedInput : { type: 'object' } })),
};

let clients: Record<string, Client> = {};
let weather: Client;
before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  await generate({ config: aggregateConfig });
  const snapshot = await readSnapshotFile(join(repoRoot, 'examples/weather/weather.snapshot.json'));
  const weatherDir = join(root, 'g/weather');
  const { files } = await renderClient(
    snapshot,
    {
      name: 'weather',
      agents,
      errors: { tools: { set_alert: { unknown_city: '', alert_limit_reached: '' } } },
    },
    weatherDir,
  );
  await writeFiles(weatherDir, files);
  for (const [name, tools] of Object.entries(EDGE_CATALOGS)) {
    const catalog = { tools, resources: [], resourceTemplates: [], prompts: [] };
    const out = join(root, 'g', name);
    await writeFiles(out, (await renderClient(catalog as never, { name, agents }, out)).files);
  }
  clients = Object.fromEntries(
    await Promise.all(ROLES.map(async (role) => [role, await connectRole(role)] as const)),
  );
  weather = new Client({ name: 'agents-openai-test', version: '1.0.0' });
  await weather.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: fixtureArgs('example'),
      cwd: repoRoot,
    }),
  );
});
after(async () => {
  await Promise.all([...Object.values(clients), weather].map((c) => c?.close()));
  await rm(root, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const load = (path: string): Promise<any> => import(pathToFileURL(join(root, 'g', path)).href);
const answer = (server: string, tool: string, echo: string) => ({ server, tool, echo });

test('openaiAgentsTools: the client’s and the aggregate’s compile under --strict against @openai/agents (no tools, or tools named like its own names, too); index.ts loads neither', async () => {
  await mkdir(join(root, 'g/weather/usage'), { recursive: true });
  await writeFile(join(root, 'g/weather/usage/usage.ts'), CLIENT_USAGE);
  await writeFile(join(root, 'g/tools/usage.ts'), AGGREGATE_USAGE);
  // The zero-tool client's own client.ts and schemas.ts are another item of issue 35 (noUnusedLocals).
  const checked = await typecheck(join(root, 'g'), 'nodenext', {
    exclude: ['empty/client.ts', 'empty/schemas.ts', 'empty/index.ts'],
  });
  assert.ok(checked.ok, `tsc:\n${checked.output.slice(0, 3000)}`);
  assert.match(
    await readFile(join(root, 'g/names/openai-agents.ts'), 'utf8'),
    /\["__proto__"\]: tool\(|\['__proto__'\]: tool\(/,
  );
  for (const index of ['weather/index.ts', 'tools/index.ts', 'closed/index.ts'])
    assert.doesNotMatch(await readFile(join(root, 'g', index), 'utf8'), /openai/, index);
});

test('openaiAgentsTools: strict only where the input schema fits, and the doc comment says which', async () => {
  const closed = await readFile(join(root, 'g/closed/openai-agents.ts'), 'utf8');
  assert.match(closed, /"lookup" \(the model calls it `lookup`\): strict, since/);
  assert.match(closed, /^ {6}strict: true,$/m);
  const notes = await readFile(join(root, 'g/notes/openai-agents.ts'), 'utf8');
  assert.match(
    notes,
    /"search" \(the model calls it `search`\): not strict, since its input schema is outside OpenAI's strict subset \(the root: an object without `additionalProperties: false`\)/,
  );
  assert.doesNotMatch(notes, /^ {6}strict: true,$/m);
});

// The Agents SDK's runner with its scripted model: `calls` in the first turn, then a final message.
// What the model was offered, and each call's output as the runner recorded it, by call id.
async function runScripted(tools: object[], calls: Array<[string, Record<string, unknown>]>) {
  const { Agent, run, setTracingDisabled } = await import('@openai/agents');
  const { ScriptedModel, assistantMessage, functionCall } = await import('@openai/agents/testing');
  setTracingDisabled(true);
  const model = new ScriptedModel([
    calls.map(([name, args], i) => functionCall(name, args, { callId: `call-${i}` })),
    [assistantMessage('done')],
  ]);
  const agent = new Agent({ name: 'probe', model, tools: tools as never });
  const result = await run(agent, 'go');
  assert.equal(result.finalOutput, 'done');
  const outputs = result.newItems
    .filter((item) => item.type === 'tool_call_output_item')
    .map((item) => (item as unknown as { output: unknown }).output);
  const offered = (model.firstCall!.request.tools as Array<Record<string, unknown>>).map(
    ({ name, strict, parameters }) => ({ name, strict, parameters }),
  );
  return { outputs, offered, sent: model.lastCall!.request.input };
}

test('openaiAgentsTools through the Agents SDK runner: a client’s call gets the data, and a coded error reaches the model in the server’s words', async () => {
  const { openaiAgentsTools } = await load('weather/openai-agents.ts');
  const { outputs, offered, sent } = await runScripted(Object.values(openaiAgentsTools(weather)), [
    ['get_forecast', { city: 'lima', days: 1 }],
    ['set_alert', { city: 'atlantis', thresholdC: 3 }],
  ]);
  // The names the SDK takes (no `-`), and none strict: the example's schemas leave objects open.
  assert.deepEqual(strictness(offered), {
    convert_temperature: false,
    get_forecast: false,
    list_cities: false,
    set_alert: false,
  });
  const forecast = offered.find((t) => t.name === 'get_forecast')!.parameters as JsonSchemaLike;
  assert.equal(forecast.$schema, undefined, 'no dialect tag');
  assert.deepEqual(forecast.required, ['city']);
  assert.deepEqual(outputs[0], {
    city: 'lima',
    days: [{ day: 1, highC: 22, condition: 'cloudy' }],
  });
  const error = JSON.parse(outputs[1] as string);
  assert.deepEqual(error, {
    error: {
      code: 'unknown_city',
      message: 'no city "atlantis"; see list_cities',
      details: {
        code: 'unknown_city',
        message: 'no city "atlantis"; see list_cities',
        retryable: false,
      },
    },
  });
  // What the model read back in the next turn: that text, not a stack or the SDK's generic failure.
  const read = (sent as Array<{ type: string; callId?: string; output?: { text?: string } }>).find(
    (item) => item.type === 'function_call_result' && item.callId === 'call-1',
  );
  assert.equal(read?.output?.text, outputs[1]);
});

const strictness = (offered: Array<{ name: unknown; strict: unknown }>) =>
  Object.fromEntries(offered.map(({ name, strict }) => [name, strict]));

type JsonSchemaLike = { $schema?: string; required?: string[] };

test('openaiAgentsTools through the Agents SDK runner: the aggregate’s flat names reach the right servers, strict where the schema fits', async () => {
  const { openaiAgentsTools } = await load('tools/openai-agents.ts');
  const tools = openaiAgentsTools(clients) as Record<string, { name: string }>;
  assert.deepEqual(Object.keys(tools), [
    'addNote',
    'notesSearch',
    'countRows',
    'dbSearch',
    'lookup',
  ]);
  const { outputs, offered } = await runScripted(Object.values(tools), [
    ['notesSearch', { query: 'a' }],
    ['dbSearch', { query: 'b' }],
    ['lookup', { query: 'c' }],
  ]);
  assert.deepEqual(strictness(offered), {
    addNote: false,
    notesSearch: false,
    countRows: false,
    dbSearch: false,
    lookup: true,
  });
  assert.deepEqual(outputs, [
    answer('notes', 'search', 'a'),
    answer('db', 'search', 'b'),
    answer('closed', 'lookup', 'c'),
  ]);
  const own = (await load('closed/openai-agents.ts')).openaiAgentsTools(clients.closed);
  assert.deepEqual(
    offered.find((t) => t.name === 'lookup')!.parameters,
    own.lookup.parameters,
    'the server’s own tool',
  );
});

test('openaiAgentsTools on Node 24: the two runs above, in a Node 24 child', async (t) => {
  await rerunOnNode24(t, 'test/agents-openai.test.ts', 2, '^openaiAgentsTools through');
});
