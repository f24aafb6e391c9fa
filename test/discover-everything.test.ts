import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { join } from 'shlex';
import type { DiscoverProgress } from '../src/discover/index.js';
import { discover } from '../src/snapshot/discover.js';
import { ServerError } from '../src/shared/errors.js';
import { parseSnapshot, serializeSnapshot } from '../src/snapshot/index.js';
import {
  EVERYTHING,
  freePort,
  ROOT,
  sharedCatalog,
  startServer,
  type Running,
} from './helpers/servers.js';
import { ISSUE_48_CAPABILITIES } from './helpers/client-capabilities.js';

// Discovery against a real published server (a devDependency), over stdio and over Streamable
// HTTP, compared with the catalog in ../shared that was recorded from the same version of it.
const CATALOG = 'modelcontextprotocol__server-everything.json';
const SHARED_MISSING = `../shared/catalogs/${CATALOG} is absent (a clone without ../shared): skipped the comparison with the recorded catalog`;

let expected: string | undefined;
let http: Running;

before(async () => {
  const catalog = await sharedCatalog(CATALOG);
  // The catalog is a raw dump (with package, command, pagination... beside the lists); reading it
  // as a snapshot keeps exactly what a snapshot holds. No normalisation is needed: this server's
  // listing has no machine paths, and the catalog was recorded from the same version.
  // The one thing discovery adds is the era: server-everything is a v1 server, so `auto` falls back to
  // initialize, and the snapshot says so.
  if (catalog !== undefined)
    expected = serializeSnapshot({ ...parseSnapshot(catalog, CATALOG), era: 'legacy' });
  const port = await freePort();
  http = await startServer(process.execPath, [EVERYTHING, 'streamableHttp'], {
    env: { PORT: String(port) },
    ready: /listening on port (\d+)/,
  });
});

after(async () => {
  await http?.stop();
});

test('server-everything over stdio matches the recorded catalog', async (t) => {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(
    { stdio: join([process.execPath, EVERYTHING, 'stdio']) },
    { cwd: ROOT, env: process.env, onProgress: (e) => events.push(e) },
  );
  assert.equal(snapshot.serverInfo?.name, 'mcp-servers/everything');
  assert.equal(snapshot.tools.length, 13);
  assert.ok(
    snapshot.tools.some((tool) => tool.name === 'get-structured-content' && tool.outputSchema),
    'the one tool with an outputSchema keeps it',
  );
  assert.deepEqual(
    events
      .filter((e) => e.type === 'list-done')
      .map((e) => e.type === 'list-done' && `${e.method}:${e.items}`),
    ['tools/list:13', 'resources/list:7', 'resources/templates/list:2', 'prompts/list:4'],
  );
  if (expected === undefined) return t.skip(SHARED_MISSING);
  assert.equal(serializeSnapshot(snapshot), expected);
});

test('server-everything over Streamable HTTP on loopback matches the recorded catalog', async (t) => {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(
    { url: http.url('/mcp'), transport: 'streamable-http' },
    { cwd: ROOT, env: process.env, onProgress: (e) => events.push(e) },
  );
  assert.ok(events.some((e) => e.type === 'connected' && e.transport === 'streamable-http'));
  assert.equal(snapshot.protocolVersion, '2025-11-25');
  assert.equal(snapshot.tools.length, 13);
  if (expected === undefined) return t.skip(SHARED_MISSING);
  assert.equal(serializeSnapshot(snapshot), expected);
});

test('auto transport uses Streamable HTTP when the server speaks it', async () => {
  const events: DiscoverProgress[] = [];
  await discover(
    { url: http.url('/mcp') },
    { cwd: ROOT, env: process.env, onProgress: (e) => events.push(e) },
  );
  assert.ok(!events.some((e) => e.type === 'fallback'), 'no fallback to SSE');
  assert.ok(events.some((e) => e.type === 'connected' && e.transport === 'streamable-http'));
});

test('server-everything (a v1 server) in the default era: its HTTP 400 to server/discover means initialize', async () => {
  const events: DiscoverProgress[] = [];
  const snapshot = await discover(
    { url: http.url('/mcp'), transport: 'streamable-http' },
    { cwd: ROOT, env: process.env, onProgress: (e) => events.push(e) },
  );
  assert.equal(snapshot.era, 'legacy');
  assert.ok(events.some((e) => e.type === 'connected' && e.era === 'legacy'));
});

test('server-everything with the modern era pinned is an exit-3 error that says it is legacy-only', async () => {
  await assert.rejects(
    discover({ url: http.url('/mcp') }, { cwd: ROOT, env: process.env, era: 'modern' }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.exitCode === 3 &&
      e.message.includes('speaks only the legacy era: it answered server/discover with HTTP 400') &&
      /--era auto/.test(e.hint ?? ''),
  );
});

test('server-everything shows a client that declares roots, sampling, elicitation and tasks every tool it registers, and the snapshot records the client', async () => {
  const capabilities = ISSUE_48_CAPABILITIES;
  // Over HTTP, on the server the other tests share: over stdio, this server outlives the closed
  // session for the SDK's 2 s grace (its roots/list to the client is still pending), which is idle time.
  const snapshot = await discover(
    { url: http.url('/mcp'), transport: 'streamable-http' },
    { cwd: ROOT, env: process.env, capabilities, timeoutMs: 10_000 },
  );
  const names = snapshot.tools.map((t) => t.name);
  assert.equal(names.length, 19);
  // The six registered only for a client that can serve them, beside the 13 everyone sees.
  assert.deepEqual(names.filter((n) => /roots|elicitation|sampling/.test(n)).sort(), [
    'get-roots-list',
    'trigger-elicitation-request',
    'trigger-elicitation-request-async',
    'trigger-sampling-request',
    'trigger-sampling-request-async',
    'trigger-url-elicitation',
  ]);
  assert.deepEqual(snapshot.clientCapabilities, capabilities);
  // Written canonically (keys sorted), as version 2; read back, the same.
  const text = serializeSnapshot(snapshot);
  assert.match(text, /"version": 2,/);
  assert.match(
    text,
    /"clientCapabilities": \{\n {4}"elicitation": \{\n {6}"form": \{\},\n {6}"url": \{\}\n {4}\},\n {4}"extensions"/,
  );
  assert.deepEqual(parseSnapshot(JSON.parse(text), 'again').clientCapabilities, capabilities);
  assert.equal(snapshot.clientCapabilitiesNotSent, undefined, 'the legacy era sends them all');
});
