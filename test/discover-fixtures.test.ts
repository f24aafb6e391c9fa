import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { DiscoverProgress } from '../src/discover/index.js';
import { discover } from '../src/snapshot/discover.js';
import { AuthError, CodegenError, ServerError } from '../src/shared/errors.js';
import { serializeSnapshot, type Snapshot } from '../src/snapshot/index.js';
import {
  fixtureArgs,
  fixtureCommand,
  freePort,
  ROOT,
  type Running,
  startServer,
} from './helpers/servers.js';

// The fixture servers in fixtures/servers, over each transport. The example server over stdio
// is the reference: the same server reached over HTTP or SSE must give the same snapshot.
const env = process.env;
let reference: Snapshot;
let sse: Running;
let http: Running;

before(async () => {
  [reference, sse, http] = await Promise.all([
    discover({ stdio: fixtureCommand('example') }, { cwd: ROOT, env }),
    startServer(process.execPath, [...fixtureArgs('sse'), '0'], {
      ready: /listening (\d+)/,
    }),
    startServer(process.execPath, [...fixtureArgs('example'), '--http', '0', '--token', 's3cret'], {
      ready: /listening (\d+)/,
    }),
  ]);
});

after(async () => {
  await Promise.all([sse?.stop(), http?.stop()]);
});

test('the example server over stdio: tools, a resource, a template and a prompt, as declared', () => {
  assert.equal(reference.serverInfo?.name, 'weather-example');
  assert.deepEqual(reference.tools.map((t) => t.name).sort(), [
    'convert-temperature',
    'get-forecast',
    'list_cities',
    'set_alert',
  ]);
  for (const tool of reference.tools)
    assert.ok(tool.outputSchema, `${tool.name} has an outputSchema`);
  const forecast = reference.tools.find((t) => t.name === 'get-forecast')!;
  const branches = forecast.outputSchema!.anyOf as Array<{
    properties: Record<string, { const?: string }>;
  }>;
  assert.equal(branches.length, 2);
  assert.ok(branches[0]!.properties.days, 'branch 0 is the forecast');
  assert.equal(branches[1]!.properties.error!.const, 'unknown_city');
  assert.deepEqual(
    reference.resources.map((r) => r.uri),
    ['weather://stations'],
  );
  assert.deepEqual(
    reference.resourceTemplates.map((r) => r.uriTemplate),
    ['weather://cities/{id}'],
  );
  assert.deepEqual(reference.prompts[0]!.arguments, [
    { name: 'city', description: 'A city id from list_cities', required: true },
    { name: 'days', description: 'How many days (default 3)', required: false },
  ]);
});

test('legacy SSE: the same server reached with --transport sse gives the same snapshot', async () => {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(
    { url: sse.url('/sse'), transport: 'sse' },
    { cwd: ROOT, env, onProgress: (e) => events.push(e) },
  );
  assert.ok(events.some((e) => e.type === 'connected' && e.transport === 'sse'));
  assert.equal(serializeSnapshot(snapshot), serializeSnapshot(reference));
});

test('auto falls back to SSE when the server refuses Streamable HTTP with a 4xx', async () => {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(
    { url: sse.url('/sse') },
    { cwd: ROOT, env, onProgress: (e) => events.push(e) },
  );
  const fallback = events.find((e) => e.type === 'fallback');
  assert.deepEqual(fallback, {
    type: 'fallback',
    server: sse.url('/sse'),
    from: 'streamable-http',
    to: 'sse',
    reason: 'HTTP 405',
  });
  assert.equal(serializeSnapshot(snapshot), serializeSnapshot(reference));
});

test('Streamable HTTP with a header whose ${VARIABLE} comes from the environment', async () => {
  const snapshot = await discover(
    {
      url: http.url('/mcp'),
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer ${EXAMPLE_TOKEN}' },
    },
    { cwd: ROOT, env: { EXAMPLE_TOKEN: 's3cret' } },
  );
  assert.equal(serializeSnapshot(snapshot), serializeSnapshot(reference));
});

test('a wrong token is an authentication error (exit 4) about the header, without falling back to SSE', async () => {
  const events: DiscoverProgress[] = [];
  await assert.rejects(
    discover(
      { url: http.url('/mcp'), headers: { Authorization: 'Bearer wrong' } },
      { cwd: ROOT, env, onProgress: (e) => events.push(e) },
    ),
    (e: unknown) =>
      e instanceof AuthError &&
      e.exitCode === 4 &&
      // The modern probe is the first request in the default era (auto); a 401 stops there.
      e.message.startsWith(
        `server "${http.url('/mcp')}": HTTP 401 (unauthorized): the server refused the Authorization header, and it publishes no OAuth metadata`,
      ) &&
      /a header .* or a command that prints a token/.test(e.hint ?? ''),
  );
  assert.ok(!events.some((e) => e.type === 'fallback'));
});

test('an unset ${VARIABLE} in a header is a usage error naming the variable and the header', async () => {
  await assert.rejects(
    discover(
      { url: http.url('/mcp'), headers: { Authorization: 'Bearer ${EXAMPLE_TOKEN}' } },
      { cwd: ROOT, env: {} },
    ),
    (e: unknown) =>
      e instanceof CodegenError &&
      !(e instanceof ServerError) &&
      e.exitCode === 2 &&
      e.message ===
        'the header "Authorization" uses ${EXAMPLE_TOKEN}, but the environment variable EXAMPLE_TOKEN is not set',
  );
});

test('the paginated fixture: every item of every list, through opaque cursors and an empty-string cursor', async () => {
  const done = new Map<string, { pages: number; items: number }>();
  const pagesSeen: number[] = [];
  const snapshot = await discover(
    { stdio: fixtureCommand('paginated') },
    {
      cwd: ROOT,
      env,
      onProgress: (e) => {
        if (e.type === 'list-done') done.set(e.method, { pages: e.pages, items: e.items });
        if (e.type === 'page' && e.method === 'tools/list') pagesSeen.push(e.page);
      },
    },
  );
  const names = (n: number, make: (i: string) => string) =>
    Array.from({ length: n }, (_, i) => make(String(i + 1).padStart(4, '0')));
  // 1042 tools in pages of 37: 28 full pages and one of 6. Page 2 is reached through the cursor "".
  assert.deepEqual(
    snapshot.tools.map((t) => t.name),
    names(1042, (i) => `tool-${i}`),
  );
  assert.deepEqual(
    snapshot.resources.map((r) => r.uri),
    names(100, (i) => `paged://resources/${i}`),
  );
  assert.deepEqual(
    snapshot.resourceTemplates.map((r) => r.uriTemplate),
    names(40, (i) => `paged://templates/${i}/{id}`),
  );
  assert.deepEqual(
    snapshot.prompts.map((p) => p.name),
    names(74, (i) => `prompt-${i}`),
  );
  assert.deepEqual(Object.fromEntries(done), {
    'tools/list': { pages: 29, items: 1042 },
    'resources/list': { pages: 3, items: 100 },
    'resources/templates/list': { pages: 2, items: 40 },
    // 74 = 2 × 37: the last page is full and simply has no nextCursor.
    'prompts/list': { pages: 2, items: 74 },
  });
  assert.deepEqual(
    pagesSeen,
    Array.from({ length: 29 }, (_, i) => i + 1),
  );
});

test('a command that does not exist is a server error naming the command and the folder it ran in', async () => {
  for (const era of ['auto', 'legacy'] as const) {
    await assert.rejects(
      discover({ stdio: 'mcp-codegen-no-such-command --flag' }, { cwd: ROOT, env, era }),
      (e: unknown) =>
        e instanceof ServerError &&
        e.message.startsWith(
          `server "mcp-codegen-no-such-command --flag": ${era === 'auto' ? 'server/discover' : 'initialize'}: `,
        ) &&
        e.message.includes(
          `cannot start "mcp-codegen-no-such-command" in ${ROOT}: no such command (ENOENT)`,
        ) &&
        /on PATH; it runs without a shell/.test(e.hint ?? ''),
    );
  }
});

test('a relative command path is reported relative to the folder it ran in', async () => {
  await assert.rejects(
    discover({ stdio: './bin/no-such-server.js', cwd: 'fixtures' }, { cwd: ROOT, env }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.message.includes(
        `cannot start "./bin/no-such-server.js" in ${join(ROOT, 'fixtures')}: no such command (ENOENT)`,
      ) &&
      e.hint ===
        `the path is relative to ${join(ROOT, 'fixtures')}; check it, or give an absolute path`,
  );
});

test('a stdio cwd that does not exist is named as the problem, not the command', async () => {
  await assert.rejects(
    discover({ stdio: fixtureCommand('example'), cwd: 'no-such-folder' }, { cwd: ROOT, env }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.message.includes(
        `its working directory ${join(ROOT, 'no-such-folder')} does not exist (ENOENT)`,
      ) &&
      /fix cwd in the config/.test(e.hint ?? ''),
  );
});

test('nothing listening on the port is a server error saying the connection was refused', async () => {
  const port = await freePort();
  await assert.rejects(
    discover({ url: `http://127.0.0.1:${port}/mcp` }, { cwd: ROOT, env }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.message.includes('server/discover: cannot connect') &&
      e.message.includes('ECONNREFUSED'),
  );
});
