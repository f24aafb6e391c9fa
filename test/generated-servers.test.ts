/**
 * Generated clients, called for real: each server is discovered over stdio, its client generated
 * and imported, and its tools, resources, templates and prompts called through the SDK `Client`.
 * (The bundled example has its own test against the committed client: generated-call.test.ts.)
 */
import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ErrorCodeConfig } from '../src/config/types.js';
import { discover } from '../src/snapshot/discover.js';
import { renderClient } from '../src/generate/render.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { EVERYTHING, fixtureArgs } from './helpers/servers.js';

const open: Client[] = [];
after(async () => {
  await Promise.all(open.map((c) => c.close()));
});

/** Discover, generate into test/.tmp, import the client module, and connect an SDK client to the same server. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function generated(
  name: string,
  argv: string[],
  env: Record<string, string> = {},
  errors?: ErrorCodeConfig,
): Promise<{ module: any; mcp: Client }> {
  const snapshot = await discover({ stdio: argv, env }, { cwd: repoRoot, env: process.env });
  const dir = join(tmpRoot, 'generated-servers', name);
  const { files } = await renderClient(snapshot, { name, ...(errors ? { errors } : {}) }, dir);
  await writeFiles(dir, files);
  const module = await import(pathToFileURL(join(dir, 'index.ts')).href);
  const mcp = new Client({ name: 'generated-servers-test', version: '0.0.0' });
  await mcp.connect(
    new StdioClientTransport({
      command: argv[0]!,
      args: argv.slice(1),
      cwd: repoRoot,
      env: { ...process.env, ...env } as Record<string, string>,
    }),
  );
  open.push(mcp);
  return { module, mcp };
}

test('server-everything: structured content, a resource, a template and a prompt', async () => {
  const { module, mcp } = await generated('everything', [process.execPath, EVERYTHING, 'stdio']);
  const client = new module.EverythingClient(mcp);
  const result = await client.getStructuredContent({ location: 'New York' });
  assert.equal(result.ok, true, JSON.stringify(result.error));
  assert.equal(result.variant, 'documented');
  assert.equal(typeof result.data.temperature, 'number');
  assert.equal(typeof result.data.conditions, 'string');

  const echo = await client.echo({ message: 'hi' });
  assert.equal(echo.ok, true);
  assert.match(JSON.stringify(echo.data), /hi/);

  const resourceNames = Object.keys(client.resources);
  assert.ok(resourceNames.length > 0);
  const read = await client.resources[resourceNames[0]!]();
  assert.ok(read.contents.length > 0);

  const dynamic = await client.templates.dynamicTextResource({ resourceId: 3 });
  assert.equal(dynamic.contents[0].uri, 'demo://resource/dynamic/text/3');

  const prompt = await client.prompts.argsPrompt({ city: 'Paris' });
  assert.match(JSON.stringify(prompt.messages), /Paris/);
});

test('server-memory: every tool validates its output schema', async () => {
  const memoryFile = join(await mkdtemp(join(tmpdir(), 'mcp-memory-')), 'memory.jsonl');
  const { module, mcp } = await generated(
    'memory',
    [
      process.execPath,
      join(repoRoot, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js'),
    ],
    { MEMORY_FILE_PATH: memoryFile },
  );
  const client = new module.MemoryClient(mcp);
  const created = await client.createEntities({
    entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
  });
  assert.equal(created.ok, true, JSON.stringify(created.error));
  assert.equal(created.data.entities[0].name, 'Ada');
  const related = await client.createRelations({
    relations: [{ from: 'Ada', to: 'Ada', relationType: 'admires' }],
  });
  assert.equal(related.ok, true, JSON.stringify(related.error));
  const graph = await client.readGraph();
  assert.equal(graph.ok, true, JSON.stringify(graph.error));
  assert.deepEqual(
    graph.data.entities.map((e: { name: string }) => e.name),
    ['Ada'],
  );
  const found = await client.searchNodes({ query: 'program' });
  assert.equal(found.ok, true);
  assert.equal(found.data.entities.length, 1);
});

test('results fixture through a generated client: every kind of outcome', async () => {
  const errors = {
    server: {
      expression_too_long: 'JMESPath expression over 1024 characters',
      invalid_expression: '',
      UPSTREAM_TIMEOUT: '',
      unknown_tool: '',
    },
  };
  const { module, mcp } = await generated(
    'results',
    [process.execPath, ...fixtureArgs('results')],
    {},
    errors,
  );
  const client = new module.ResultsClient(mcp);
  const codes = module.GetWeatherErrorCode;

  const documented = await client.getWeather({ city: 'Oslo' });
  assert.equal(documented.ok, true);
  assert.equal(documented.variant, 'documented');
  assert.equal(documented.data.city, 'Oslo');

  const projection = await client.getWeather({ city: 'Oslo', mode: 'projection' });
  assert.equal(projection.ok, true);
  assert.equal(projection.variant, 'projection');

  const budget = await client.getWeather({ city: 'Oslo', mode: 'budget' });
  assert.equal(budget.ok, false);
  assert.equal(budget.error.code, codes.BudgetExceeded);

  const jmespath = await client.getWeather({ city: 'Oslo', mode: 'jmespath_too_long' });
  assert.equal(
    jmespath.error.code,
    codes.ExpressionTooLong,
    'a config kind refines the envelope code',
  );

  const unknownCity = await client.getWeather({ city: 'Atlantis' });
  assert.equal(unknownCity.ok, false);
  assert.equal(unknownCity.error.code, 'unknown_city');

  const invalid = await client.getWeather({ city: 'Oslo', mode: 'invalid' });
  assert.equal(invalid.error.code, module.RuntimeErrorCode.InvalidResult);
  assert.equal(invalid.error.issues[0].pointer, '/temperature_c');

  const timeout = await client.fetchUpstream({ mode: 'timeout' });
  assert.equal(timeout.error.code, module.FetchUpstreamErrorCode.UpstreamTimeout);
  assert.equal(timeout.error.retryable, true);

  const unknownCode = await client.fetchUpstream({ mode: 'unknown_code' });
  assert.equal(unknownCode.error.code, '$unknown');
  assert.equal(unknownCode.error.serverCode, 'QUOTA_BURNED');

  const legacy = await client.legacyReport({ mode: 'ok' });
  assert.equal(
    legacy.ok,
    true,
    'JSON in content[0].text is parsed when structuredContent is absent',
  );
  assert.equal(legacy.data.title, 'Q3');

  await assert.rejects(
    client.fetchUpstream({ mode: 'protocol' }),
    (e: Error) => e instanceof module.McpProtocolError,
  );
});
