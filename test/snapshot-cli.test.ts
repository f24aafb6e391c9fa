import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseSnapshotText } from '../src/snapshot/index.js';
import { fixtureCommand, runCli } from './helpers/servers.js';

// `mcp-codegen snapshot` through the real bin, as a user runs it.
let dir: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-codegen-snapshot-cli-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('writes the snapshot of the example server, then reports it unchanged without rewriting it', async () => {
  const out = join(dir, 'nested', 'weather.json');
  const first = await runCli(['snapshot', '--stdio', fixtureCommand('example'), '--out', out]);
  assert.equal(first.code, 0, first.stderr);
  assert.match(first.stdout, /^wrote .*weather\.json: 4 tools, 1 resource, 1 resource template, 1 prompt \(weather-example 1\.0\.0, protocol 2025-11-25\)\n$/);
  // Not a TTY here: one plain line per list on stderr.
  assert.match(first.stderr, /: tools\/list: 4 tools in 1 page\n/);
  const written = await readFile(out, 'utf8');
  assert.deepEqual(parseSnapshotText(written, out).tools.map((t) => t.name).sort(), ['convert-temperature', 'get-forecast', 'list_cities', 'set_alert']);
  const before = await stat(out);

  const second = await runCli(['snapshot', '--stdio', fixtureCommand('example'), '--out', out]);
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /weather\.json unchanged: 4 tools/);
  assert.equal((await stat(out)).mtimeMs, before.mtimeMs, 'an identical snapshot is not rewritten');
});

// Each misbehaving server must end with exit code 3, a message naming the problem, no new file
// and a previous file left exactly as it was.
const MISBEHAVING: Array<[mode: string, problem: RegExp, extra?: string[]]> = [
  ['cursor-loop', /tools\/list, page 3: nextCursor "A" was already returned by page 1: following it would loop forever/],
  ['endless', /tools\/list, page 4: still returned a nextCursor after 4 pages/, ['--max-pages', '4']],
  ['hang', /tools\/list, page 1: no answer within 1500 ms/, ['--timeout', '1500']],
  ['crash', /tools\/list, page 2: the server process exited before answering\n.*stderr ended with:\n.*segmentation fault while reading page 2/],
  ['exit-on-start', /initialize: the server process exited before answering\n.*stderr ended with:\n.*cannot open the database: permission denied/],
  ['invalid-jsonrpc', /tools\/list, page 1: the server wrote something on stdout that is not a JSON-RPC message: .*not valid JSON/],
  ['duplicate-names', /tools\/list, page 2: tool name "alpha" is listed twice \(first on page 1\)/],
  ['missing-array', /tools\/list, page 1: the result has no "tools" array/],
  ['nameless-tool', /tools\/list, page 2: item 1 of "tools" has no tool name/],
  ['bad-schema', /tools\/list, page 2: tool "gamma" at \/inputSchema: expected a JSON Schema object/],
];

test('misbehaving servers: exit code 3, the problem named, nothing written', { concurrency: 3 }, async (t) => {
  await Promise.all(
    MISBEHAVING.map(([mode, problem, extra = []]) =>
      t.test(mode, async () => {
        const fresh = join(dir, `${mode}.json`);
        const existing = join(dir, `${mode}-existing.json`);
        await writeFile(existing, 'previous snapshot\n');
        const command = fixtureCommand('misbehaving', mode);
        for (const out of [fresh, existing]) {
          const result = await runCli(['snapshot', '--stdio', command, '--timeout', '5000', ...extra, '--out', out]);
          assert.equal(result.code, 3, `exit code for ${mode}: ${result.stderr}`);
          assert.match(result.stderr, new RegExp(`error: server "${escape(command)}": `));
          assert.match(result.stderr, problem);
          assert.equal(result.stdout, '');
        }
        await assert.rejects(stat(fresh), { code: 'ENOENT' });
        assert.equal(await readFile(existing, 'utf8'), 'previous snapshot\n');
      }),
    ),
  );
  const leftovers = (await readdir(dir)).filter((f) => f.endsWith('.tmp'));
  assert.deepEqual(leftovers, [], 'no temporary files left behind');
});

test('usage errors exit with code 2 and say what to do', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['snapshot', '--out', 'x.json'], /say which server: --stdio "<command line>" or --url <url>/],
    [['snapshot', '--stdio', 'node s.js', '--url', 'http://127.0.0.1:1/mcp', '--out', 'x.json'], /either --stdio or --url, not both/],
    [['snapshot', '--stdio', 'node s.js'], /--out <file> is required/],
    [['snapshot', '--url', 'localhost:3000', '--out', 'x.json'], /--url must be http: or https:/],
    [['snapshot', '--url', 'http://127.0.0.1:9/mcp', '--transport', 'ws', '--out', 'x.json'], /--transport must be one of auto, streamable-http, sse/],
    [['snapshot', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Authorization Bearer x', '--out', 'x.json'], /--header "Authorization Bearer x" is not "Name: value"/],
    [['snapshot', '--stdio', 'node s.js', '--timeout', '1.5s', '--out', 'x.json'], /--timeout must be a positive whole number/],
    [['snapshot', '--stdio', 'node "s.js', '--out', 'x.json'], /cannot split the command line/],
    [['snapshot', '--url', 'http://127.0.0.1:9/mcp', '--header', 'Authorization: Bearer ${MCP_CODEGEN_TEST_UNSET}', '--out', 'x.json'], /the header "Authorization" uses \$\{MCP_CODEGEN_TEST_UNSET\}, but the environment variable MCP_CODEGEN_TEST_UNSET is not set/],
    [['snapshot', '--bogus'], /snapshot: Unknown option '--bogus'/],
  ];
  for (const [args, message] of cases) {
    const result = await runCli(args, { cwd: dir, env: { MCP_CODEGEN_TEST_UNSET: undefined } });
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
  assert.deepEqual((await readdir(dir)).filter((f) => f === 'x.json'), []);
});

test('--help explains every option, with examples and exit codes', async () => {
  const result = await runCli(['snapshot', '--help']);
  assert.equal(result.code, 0);
  for (const option of ['--stdio', '--url', '--transport', '--header', '--timeout', '--max-pages', '--out']) assert.ok(result.stdout.includes(option), option);
  assert.match(result.stdout, /Examples:/);
  assert.match(result.stdout, /Exit codes:\n  0 .*\n  2 .*\n  3 /);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
