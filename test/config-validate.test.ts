import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../src/config/load.js';
import { resolveDiffSettings } from '../src/diff/settings.js';
import { closest, distance } from '../src/config/closest.js';
import { InputError } from '../src/shared/errors.js';
import { tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';
import { ISSUE_48_CAPABILITIES } from './helpers/client-capabilities.js';

// Config files written to disk and read by the real loader; the last tests go through the real bin.
const dir = join(tmpRoot, 'config-validate');
const server = { name: 'w', source: { stdio: 'node server.js' }, out: 'out' };

async function load(config: unknown): Promise<unknown> {
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'mcp-codegen.config.json');
  await writeFile(file, JSON.stringify(config));
  return loadConfig({ file });
}

async function rejection(
  config: unknown,
): Promise<{ pointer: string; message: string; hint: string }> {
  try {
    await load(config);
  } catch (error) {
    assert.ok(error instanceof InputError, `expected an InputError, got ${String(error)}`);
    return { pointer: error.pointer, message: error.message, hint: error.hint ?? '' };
  }
  throw new Error('the config was accepted');
}

const cases: Array<{
  what: string;
  config: unknown;
  pointer: string;
  meant?: string;
  in?: string;
}> = [
  {
    what: 'the root',
    config: { servers: [server], serverz: [] },
    pointer: '/serverz',
    meant: 'servers',
    in: 'the config',
  },
  {
    what: 'a server',
    config: { servers: [{ ...server, source: undefined, sourc: { stdio: 'x' } }] },
    pointer: '/servers/0/sourc',
    meant: 'source',
  },
  {
    what: 'a server (case)',
    config: { servers: [{ ...server, validateoutput: true }] },
    pointer: '/servers/0/validateoutput',
    meant: 'validateOutput',
    in: 'a server',
  },
  {
    what: 'a stdio source',
    config: { servers: [{ ...server, source: { stdio: 'x', cdw: 'sub' } }] },
    pointer: '/servers/0/source/cdw',
    meant: 'cwd',
  },
  {
    what: 'a source of no kind',
    config: { servers: [{ ...server, source: { stdi: 'x' } }] },
    pointer: '/servers/0/source/stdi',
    meant: 'stdio',
    in: 'a source',
  },
  {
    what: 'a url source',
    config: { servers: [{ ...server, source: { url: 'http://x/mcp', header: {} } }] },
    pointer: '/servers/0/source/header',
    meant: 'headers',
  },
  {
    what: 'discovery',
    config: { servers: [{ ...server, discovery: { timeout: 5 } }] },
    pointer: '/servers/0/discovery/timeout',
    meant: 'timeoutMs',
  },
  {
    what: 'errors',
    config: { servers: [{ ...server, errors: { tool: {} } }] },
    pointer: '/servers/0/errors/tool',
    meant: 'tools',
  },
  {
    what: 'a key nothing resembles',
    config: { servers: [{ ...server, colour: 'red' }] },
    pointer: '/servers/0/colour',
    in: 'a server',
  },
];

for (const c of cases) {
  test(`an unknown key in ${c.what} is named by its pointer${c.meant ? `, with the key it meant (${c.meant})` : ''}`, async () => {
    const { pointer, message, hint } = await rejection(c.config);
    assert.equal(pointer, c.pointer);
    assert.ok(
      message.endsWith(
        `at ${c.pointer}: unknown key ${JSON.stringify(c.pointer.split('/').pop())} in ${c.in ?? c.what}`,
      ),
      message,
    );
    if (c.meant) assert.ok(hint.startsWith(`did you mean \`${c.meant}\`?`), hint);
    else assert.ok(!hint.includes('did you mean'), hint);
    assert.ok(hint.includes('takes "'), 'the hint lists the valid keys');
  });
}

test('a key of another source kind is a mix-up, not a typo', async () => {
  const { pointer, message, hint } = await rejection({
    servers: [{ ...server, source: { stdio: 'x', headers: { A: 'b' } } }],
  });
  assert.equal(pointer, '/servers/0/source/headers');
  assert.match(message, /"headers" belongs to a url source, not a stdio source/);
  assert.equal(hint, 'a stdio source takes "stdio", "env", "cwd"');
});

test('guard is true or false: a mode is named as the client option it is', async () => {
  const rows: Array<[unknown, string]> = [
    ['block', '"block"'],
    [1, '1'],
  ];
  for (const [given, shown] of rows) {
    const { pointer, message, hint } = await rejection({ servers: [{ ...server, guard: given }] });
    assert.equal(pointer, '/servers/0/guard');
    assert.ok(
      message.endsWith(`at /servers/0/guard: expected true or false, got ${shown}`),
      message,
    );
    assert.match(hint, /client's option: new Client\(mcp, \{ guard: 'block' \}\)/);
  }
  const ok = (await load({ servers: [{ ...server, guard: true }] })) as {
    servers: Array<{ guard?: boolean }>;
  };
  assert.equal(ok.servers[0]!.guard, true);
});

test('mock is true, false or { handlers, client }: where, what and how to fix', async () => {
  const rows: Array<[unknown, string, RegExp]> = [
    ['yes', '/servers/0/mock', /expected true, false or \{ handlers, client \}, got "yes"$/],
    [[], '/servers/0/mock', /got an array$/],
    [{ handler: 'x.ts' }, '/servers/0/mock/handler', /unknown key "handler" in mock$/],
    [{ handlers: '' }, '/servers/0/mock/handlers', /expected the path of a handler module$/],
    [{ client: 'no' }, '/servers/0/mock/client', /expected true or false, got "no"$/],
  ];
  for (const [given, at, said] of rows) {
    const { pointer, message, hint } = await rejection({ servers: [{ ...server, mock: given }] });
    assert.equal(pointer, at, JSON.stringify(given));
    assert.match(message, said);
    if (at === '/servers/0/mock') assert.match(hint, /`mock: true` adds mock\.ts/);
    if (at.endsWith('/handler')) assert.match(hint, /did you mean `handlers`\?/);
  }
  const { mockFileOn } = await import('../src/config/mock-switch.js');
  const on: Array<[unknown, boolean]> = [
    [true, true],
    [false, false],
    [{ handlers: 'test/w.mock.ts' }, true],
    [{ handlers: 'test/w.mock.ts', client: false }, false],
    [{}, true],
  ];
  for (const [given, want] of on) {
    const ok = (await load({ servers: [{ ...server, mock: given }] })) as {
      servers: Array<{ mock?: never }>;
    };
    assert.equal(mockFileOn(ok.servers[0]!.mock), want, JSON.stringify(given));
  }
  assert.equal(mockFileOn(undefined), false, 'off by default');
});

test('discovery values are checked: era, timeoutMs, maxPages', async () => {
  assert.equal(
    (await rejection({ servers: [{ ...server, discovery: { era: 'new' } }] })).pointer,
    '/servers/0/discovery/era',
  );
  assert.equal(
    (await rejection({ servers: [{ ...server, discovery: { timeoutMs: -1 } }] })).pointer,
    '/servers/0/discovery/timeoutMs',
  );
  assert.equal(
    (await rejection({ servers: [{ ...server, discovery: { maxPages: 1.5 } }] })).pointer,
    '/servers/0/discovery/maxPages',
  );
  const ok = (await load({
    servers: [{ ...server, discovery: { era: 'modern', timeoutMs: 100, maxPages: 3 } }],
  })) as { servers: Array<{ discovery: unknown }> };
  assert.deepEqual(ok.servers[0]!.discovery, { era: 'modern', timeoutMs: 100, maxPages: 3 });
});

test('discovery.capabilities is a ClientCapabilities object, checked key by key; uiHtml is a switch', async () => {
  const at = async (capabilities: unknown) =>
    rejection({ servers: [{ ...server, discovery: { capabilities } }] });
  const typo = await at({ sampeling: {} });
  assert.equal(typo.pointer, '/servers/0/discovery/capabilities/sampeling');
  assert.match(typo.hint, /did you mean `sampling`\?/);
  assert.match(typo.hint, /`experimental` or `extensions`/);
  assert.equal((await at([])).pointer, '/servers/0/discovery/capabilities');
  assert.equal((await at({ roots: true })).pointer, '/servers/0/discovery/capabilities/roots');
  assert.equal(
    (await at({ roots: { listChanged: 'yes' } })).pointer,
    '/servers/0/discovery/capabilities/roots/listChanged',
  );
  assert.equal(
    (await at({ elicitation: { form: 1 } })).pointer,
    '/servers/0/discovery/capabilities/elicitation/form',
  );
  assert.equal(
    (await at({ extensions: { 'io.modelcontextprotocol/ui': 'on' } })).pointer,
    '/servers/0/discovery/capabilities/extensions/io.modelcontextprotocol~1ui',
  );
  // The server's task capability where the client's belongs: said so, not taken.
  const tools = await at({ tasks: { requests: { tools: { call: {} } } } });
  assert.equal(tools.pointer, '/servers/0/discovery/capabilities/tasks/requests/tools');
  assert.match(tools.message, /server capability/);
  assert.equal(
    (await rejection({ servers: [{ ...server, discovery: { uiHtml: 'yes' } }] })).pointer,
    '/servers/0/discovery/uiHtml',
  );
  // The issue's example, extensions included, is taken as written.
  const capabilities = ISSUE_48_CAPABILITIES;
  const ok = (await load({
    servers: [{ ...server, discovery: { capabilities, uiHtml: true } }],
  })) as { servers: Array<{ discovery: unknown }> };
  assert.deepEqual(ok.servers[0]!.discovery, { capabilities, uiHtml: true });
});

test('a diff policy is checked by the diff that reads it, and its mistakes inside a server are located too', async () => {
  // The config stage comes before diff, so it does not know rule ids; `diff --server` checks the policy it applies.
  await load({ servers: [{ ...server, diff: { rule: {} } }] });
  const file = join(dir, 'mcp-codegen.config.json');
  await assert.rejects(resolveDiffSettings({ config: file, server: 'w', cwd: dir }), (error) => {
    assert.ok(error instanceof InputError);
    assert.equal(error.pointer, '/servers/0/diff/rule');
    return true;
  });
});

test('closest: swapped letters, case and length-relative limits', () => {
  assert.equal(distance('sourc', 'source'), 1);
  assert.equal(distance('soucre', 'source'), 1, 'a swap of neighbours is one edit');
  assert.equal(closest('outt', ['name', 'out']), 'out');
  assert.equal(closest('name', ['url', 'out']), undefined);
  assert.equal(closest('MAXPAGES', ['era', 'maxPages']), 'maxPages');
});

test('the real bin: a misspelled key is exit 2 with the pointer and the suggestion', async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  await writeFile(
    join(dir, 'mcp-codegen.config.json'),
    JSON.stringify({ servers: [{ name: 'w', sourc: { stdio: 'x' }, out: 'out' }] }),
  );
  const result = await runCli(['generate'], { cwd: dir });
  assert.equal(result.code, 2, result.stderr);
  assert.match(
    result.stderr,
    /mcp-codegen\.config\.json at \/servers\/0\/sourc: unknown key "sourc" in a server\n {2}hint: did you mean `source`\?/,
  );
});

test('the real bin: a stdio command that does not exist names the command and the folder it ran in', async () => {
  await rm(dir, { recursive: true, force: true });
  await mkdir(join(dir, 'srv'), { recursive: true });
  const config = {
    servers: [
      {
        name: 'w',
        source: { stdio: 'mcp-codegen-no-such-server --port 1', cwd: 'srv' },
        out: 'out',
      },
    ],
  };
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify(config));
  const result = await runCli(['generate'], { cwd: dir });
  assert.equal(result.code, 3, result.stderr);
  assert.ok(
    result.stderr.includes(
      `cannot start "mcp-codegen-no-such-server" in ${join(dir, 'srv')}: no such command (ENOENT)`,
    ),
    result.stderr,
  );
  assert.match(result.stderr, /hint: check the spelling and that it is installed and on PATH/);
  assert.equal(existsSync(join(dir, 'out')), false, 'nothing was written');
});
