import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { test } from 'node:test';
import { createProgressReporter, interpolateEnv, parseCommandLine } from '../src/discover/index.js';
import { LISTS, paginate } from '../src/discover/paginate.js';
import { CodegenError, ServerError } from '../src/shared/errors.js';
import { mcpNameHeader } from '../src/discover/mcp-name.js';

// The pure parts of discovery, on inputs written out here; the servers themselves are in the
// other discover-*.test.ts files.
const tools = LISTS[0]!;

/** Pages served from a table keyed by cursor ("" included); `null` stands for "no cursor". */
function pages(table: Record<string, unknown>) {
  const asked: Array<string | undefined> = [];
  return {
    asked,
    fetchPage: async (cursor: string | undefined) => {
      asked.push(cursor);
      return table[cursor ?? 'null'];
    },
  };
}

test('an empty-string cursor is followed; only an absent nextCursor ends the list', async () => {
  const server = pages({
    null: { tools: [{ name: 'a' }], nextCursor: '' },
    '': { tools: [{ name: 'b' }], nextCursor: 'x' },
    x: { tools: [{ name: 'c' }] },
  });
  const listing = await paginate(tools, { server: 's', maxPages: 10, fetchPage: server.fetchPage });
  assert.deepEqual(server.asked, [undefined, '', 'x']);
  assert.deepEqual(
    listing.items.map((t) => t.name),
    ['a', 'b', 'c'],
  );
  assert.deepEqual(listing.pageOf, [1, 2, 3]);
  assert.equal(listing.pages, 3);
});

test('nextCursor null ends the list; any other non-string is an error', async () => {
  const ended = await paginate(tools, {
    server: 's',
    maxPages: 10,
    fetchPage: pages({ null: { tools: [], nextCursor: null } }).fetchPage,
  });
  assert.equal(ended.pages, 1);
  await assert.rejects(
    paginate(tools, {
      server: 's',
      maxPages: 10,
      fetchPage: pages({ null: { tools: [], nextCursor: 2 } }).fetchPage,
    }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.message === 'server "s": tools/list, page 1: nextCursor must be a string, got number 2',
  );
});

test('malformed pages name the server, the method, the page and the problem', async () => {
  const cases: Array<[unknown, string]> = [
    [[], 'the result is not an object (got an array)'],
    [{ tools: {} }, '"tools" is an object, not an array'],
    [{ tools: [{ name: 'a' }, 'b'] }, 'item 1 of "tools" is string "b", not a tool object'],
    [
      { tools: [{ name: '' }] },
      'item 0 of "tools" has no tool name (expected a non-empty string "name", got string "")',
    ],
  ];
  for (const [page, problem] of cases) {
    await assert.rejects(
      paginate(tools, { server: 'srv', maxPages: 10, fetchPage: async () => page }),
      (e: unknown) =>
        e instanceof ServerError &&
        e.exitCode === 3 &&
        e.message === `server "srv": tools/list, page 1: ${problem}`,
    );
  }
});

test('duplicates, repeated cursors and the page cap are errors', async () => {
  await assert.rejects(
    paginate(LISTS[1]!, {
      server: 's',
      maxPages: 10,
      fetchPage: pages({
        null: { resources: [{ uri: 'u:1' }], nextCursor: 'n' },
        n: { resources: [{ uri: 'u:1' }] },
      }).fetchPage,
    }),
    /resources\/list, page 2: resource uri "u:1" is listed twice \(first on page 1\)/,
  );
  await assert.rejects(
    paginate(tools, {
      server: 's',
      maxPages: 10,
      fetchPage: pages({ null: { tools: [], nextCursor: 'a' }, a: { tools: [], nextCursor: 'a' } })
        .fetchPage,
    }),
    /tools\/list, page 2: nextCursor "a" was already returned by page 1/,
  );
  let n = 0;
  await assert.rejects(
    paginate(tools, {
      server: 's',
      maxPages: 3,
      fetchPage: async () => ({ tools: [], nextCursor: String(n++) }),
    }),
    (e: unknown) =>
      e instanceof ServerError &&
      /tools\/list, page 3: still returned a nextCursor after 3 pages/.test(e.message) &&
      /--max-pages/.test(e.hint ?? ''),
  );
});

test('command lines split like a shell, without one', () => {
  assert.deepEqual(parseCommandLine(`node "my server.js" --name 'a b' c\\ d $HOME`, '--stdio'), {
    command: 'node',
    args: ['my server.js', '--name', 'a b', 'c d', '$HOME'],
  });
  assert.deepEqual(parseCommandLine(['npx', '-y', 'pkg'], 'x'), {
    command: 'npx',
    args: ['-y', 'pkg'],
  });
  assert.throws(
    () => parseCommandLine('node "open', '--stdio'),
    (e: unknown) =>
      e instanceof CodegenError && e.exitCode === 2 && /--stdio: cannot split/.test(e.message),
  );
  assert.throws(() => parseCommandLine('   ', '--stdio'), /--stdio: the command line is empty/);
});

test('${NAME} is read from the environment; an unset one is named with where it was used', () => {
  assert.equal(interpolateEnv('Bearer ${TOKEN}/${TOKEN}', { TOKEN: 't' }, 'x'), 'Bearer t/t');
  assert.equal(
    interpolateEnv('$TOKEN and ${ not a reference }', {}, 'x'),
    '$TOKEN and ${ not a reference }',
  );
  assert.equal(interpolateEnv('${EMPTY}', { EMPTY: '' }, 'x'), '');
  assert.throws(() => interpolateEnv('Bearer ${API_TOKEN}', {}, 'the header "Authorization"'), {
    message:
      'the header "Authorization" uses ${API_TOKEN}, but the environment variable API_TOKEN is not set',
  });
});

function capture(isTTY: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY, columns: 60 });
  let text = '';
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { stream, text: () => text };
}

const run = [
  { type: 'connecting', server: 'w', transport: 'stdio' },
  {
    type: 'connected',
    server: 'w',
    transport: 'stdio',
    serverName: 'weather',
    serverVersion: '1.0.0',
    protocolVersion: '2025-11-25',
  },
  { type: 'page', server: 'w', method: 'tools/list', page: 1, items: 37 },
  { type: 'page', server: 'w', method: 'tools/list', page: 2, items: 74 },
  { type: 'list-done', server: 'w', method: 'tools/list', pages: 2, items: 74 },
  { type: 'page', server: 'w', method: 'prompts/list', page: 1, items: 1 },
  { type: 'list-done', server: 'w', method: 'prompts/list', pages: 1, items: 1 },
  { type: 'done', server: 'w' },
] as const;

test('progress on a terminal is one line rewritten in place, cleared at the end', () => {
  const out = capture(true);
  const report = createProgressReporter(out.stream);
  for (const e of run) report(e);
  const frames = out.text().split('\r\x1b[2K');
  assert.ok(!out.text().includes('\n'), 'never a new line');
  assert.ok(frames.includes('w › tools/list page 2 (74 tools)'));
  assert.ok(frames.includes('w › prompts/list page 1 (1 prompt)'));
  assert.equal(frames.at(-1), '', 'the last write clears the line');
});

test('progress elsewhere is one plain line per finished step', () => {
  const out = capture(false);
  const report = createProgressReporter(out.stream);
  for (const e of run) report(e);
  assert.equal(
    out.text(),
    'w: connected over stdio (weather 1.0.0, protocol 2025-11-25)\n' +
      'w: tools/list: 74 tools in 2 pages\n' +
      'w: prompts/list: 1 prompt in 1 page\n',
  );
});

test('progress names the modern era; a legacy connection reads as it always has', () => {
  const out = capture(false);
  const report = createProgressReporter(out.stream);
  report({
    type: 'connected',
    server: 'v2',
    transport: 'streamable-http',
    era: 'modern',
    serverName: 'v2-catalog',
    serverVersion: '2.0.0',
    protocolVersion: '2026-07-28',
  });
  report({
    type: 'connected',
    server: 'v1',
    transport: 'stdio',
    era: 'legacy',
    serverName: 'weather',
    serverVersion: '1.0.0',
    protocolVersion: '2025-11-25',
  });
  assert.equal(
    out.text(),
    'v2: connected over streamable-http (v2-catalog 2.0.0, protocol 2026-07-28, modern era)\n' +
      'v1: connected over stdio (weather 1.0.0, protocol 2025-11-25)\n',
  );
});

test('Mcp-Name: the name a 2026-07-28 request names, encoded as the SDK v2 client does', () => {
  const table: Array<[string, unknown, string | undefined]> = [
    ['tools/call', { name: 'get_forecast', arguments: {} }, 'get_forecast'],
    ['resources/read', { uri: 'ui://app/view.html' }, 'ui://app/view.html'],
    ['prompts/get', { name: 'p' }, 'p'],
    ['tasks/cancel', { taskId: 't-1' }, 't-1'],
    ['tools/list', { cursor: 'x' }, undefined],
    ['tools/call', { name: 3 }, undefined],
    ['constructor', {}, undefined],
    ['resources/read', { uri: 'file:///a b/é' }, '=?base64?ZmlsZTovLy9hIGIvw6k=?='],
    ['tools/call', { name: ' padded' }, '=?base64?IHBhZGRlZA==?='],
    ['tools/call', { name: '' }, '=?base64??='],
  ];
  for (const [method, params, want] of table)
    assert.equal(mcpNameHeader(method, params), want, `${method} ${JSON.stringify(params)}`);
});
