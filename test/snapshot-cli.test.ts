import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { parseSnapshotText } from '../src/snapshot/index.js';
import { runMain } from './helpers/main.js';
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
  assert.match(
    first.stdout,
    /^wrote .*weather\.json: 4 tools, 1 resource, 1 resource template, 1 prompt \(weather-example 1\.0\.0, protocol 2025-11-25\)\n$/,
  );
  // Not a TTY here: one plain line per list on stderr.
  assert.match(first.stderr, /: tools\/list: 4 tools in 1 page\n/);
  const written = await readFile(out, 'utf8');
  assert.deepEqual(
    parseSnapshotText(written, out)
      .tools.map((t) => t.name)
      .sort(),
    ['convert-temperature', 'get-forecast', 'list_cities', 'set_alert'],
  );
  const before = await stat(out);

  // In-process this time: the bin was exercised above, and this only checks the comparison.
  const second = await runMain(['snapshot', '--stdio', fixtureCommand('example'), '--out', out]);
  assert.equal(second.code, 0, second.stderr);
  assert.match(second.stdout, /weather\.json unchanged: 4 tools/);
  assert.equal((await stat(out)).mtimeMs, before.mtimeMs, 'an identical snapshot is not rewritten');
});

// Each misbehaving server must end with exit code 3, a message naming the problem, and nothing
// written: half the modes write to a fresh path (which must stay absent), the other half over a
// previous snapshot (which must stay byte for byte as it was). Either way the folder holds
// nothing new afterwards, temporary files included.
const MISBEHAVING: Array<[mode: string, problem: RegExp, extra?: string[]]> = [
  [
    'cursor-loop',
    /tools\/list, page 3: nextCursor "A" was already returned by page 1: following it would loop forever/,
  ],
  [
    'endless',
    /tools\/list, page 4: still returned a nextCursor after 4 pages/,
    ['--max-pages', '4'],
  ],
  // Short, but above the time node needs to start the fixture on a busy machine: the timeout
  // also covers initialize.
  ['hang', /tools\/list, page 1: no answer within 3000 ms/, ['--timeout', '3000']],
  [
    'crash',
    /tools\/list, page 2: the server process exited before answering\n.*stderr ended with:\n.*segmentation fault while reading page 2/,
  ],
  [
    'exit-on-start',
    /initialize: the server process exited before answering\n.*stderr ended with:\n.*cannot open the database: permission denied/,
  ],
  // Skipped as both SDK clients skip it, so the request goes unanswered; the timeout names the line.
  [
    'invalid-jsonrpc',
    /tools\/list, page 1: no answer within 3000 ms; it also wrote 1 line on stdout that is not a JSON-RPC message: "\{\\"jsonrpc\\": \\"2\.0\\", \\"result\\": \{\\"tools\\": \[oops"\n/,
    ['--timeout', '3000'],
  ],
  ['duplicate-names', /tools\/list, page 2: tool name "alpha" is listed twice \(first on page 1\)/],
  ['missing-array', /tools\/list, page 1: the result has no "tools" array/],
  ['nameless-tool', /tools\/list, page 2: item 1 of "tools" has no tool name/],
  [
    'bad-schema',
    /tools\/list, page 2: tool "gamma" at \/inputSchema: expected a JSON Schema object/,
  ],
];

test(
  'misbehaving servers: exit code 3, the problem named, nothing written',
  { concurrency: 2 },
  async (t) => {
    await Promise.all(
      MISBEHAVING.map(([mode, problem, extra = []], index) =>
        t.test(mode, async () => {
          const folder = join(dir, mode);
          await mkdir(folder);
          const out = join(folder, 'snapshot.json');
          const previous = index % 2 === 1;
          if (previous) await writeFile(out, 'previous snapshot\n');
          const command = fixtureCommand('misbehaving', mode);
          const result = await runCli([
            'snapshot',
            '--stdio',
            command,
            '--timeout',
            '10000',
            ...extra,
            '--out',
            out,
          ]);
          assert.equal(result.code, 3, `exit code for ${mode}: ${result.stderr}`);
          assert.match(result.stderr, new RegExp(`error: server "${escape(command)}": `));
          assert.match(result.stderr, problem);
          assert.equal(result.stdout, '');
          if (previous) {
            assert.equal(await readFile(out, 'utf8'), 'previous snapshot\n');
            assert.deepEqual(await readdir(folder), ['snapshot.json']);
          } else {
            assert.deepEqual(await readdir(folder), []);
          }
        }),
      ),
    );
  },
);

test('usage errors exit with code 2 and say what to do', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['snapshot', '--out', 'x.json'], /say which server: --stdio "<command line>" or --url <url>/],
    [
      ['snapshot', '--stdio', 'node s.js', '--url', 'http://127.0.0.1:1/mcp', '--out', 'x.json'],
      /either --stdio or --url, not both/,
    ],
    [['snapshot', '--stdio', 'node s.js'], /--out <file> is required/],
    [['snapshot', '--url', 'localhost:3000', '--out', 'x.json'], /--url must be http: or https:/],
    [
      ['snapshot', '--url', 'http://127.0.0.1:9/mcp', '--transport', 'ws', '--out', 'x.json'],
      /--transport must be one of auto, streamable-http, sse/,
    ],
    [
      [
        'snapshot',
        '--url',
        'http://127.0.0.1:9/mcp',
        '--header',
        'Authorization Bearer x',
        '--out',
        'x.json',
      ],
      /--header "Authorization Bearer x" is not "Name: value"/,
    ],
    [
      ['snapshot', '--stdio', 'node s.js', '--timeout', '1.5s', '--out', 'x.json'],
      /--timeout must be a positive whole number/,
    ],
    [['snapshot', '--stdio', 'node "s.js', '--out', 'x.json'], /cannot split the command line/],
    [
      [
        'snapshot',
        '--url',
        'http://127.0.0.1:9/mcp',
        '--header',
        'Authorization: Bearer ${MCP_CODEGEN_TEST_UNSET}',
        '--out',
        'x.json',
      ],
      /the header "Authorization" uses \$\{MCP_CODEGEN_TEST_UNSET\}, but the environment variable MCP_CODEGEN_TEST_UNSET is not set/,
    ],
    [['snapshot', '--bogus'], /snapshot: Unknown option '--bogus'/],
  ];
  // In-process: these never reach a server, and starting the bin ten times would only cost time.
  for (const [args, message] of cases) {
    const result = await runMain(args, { cwd: dir, env: {} });
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(result.stderr, message);
  }
  assert.deepEqual(
    (await readdir(dir)).filter((f) => f === 'x.json'),
    [],
  );
});

test('--help explains every option, with examples and exit codes', async () => {
  const result = await runMain(['snapshot', '--help']);
  assert.equal(result.code, 0);
  for (const option of [
    '--stdio',
    '--url',
    '--transport',
    '--header',
    '--timeout',
    '--max-pages',
    '--out',
    '--server-json',
    '--package',
    '--package-version',
    '--print-command',
  ])
    assert.ok(result.stdout.includes(option), option);
  assert.match(result.stdout, /Examples:/);
  assert.match(result.stdout, /Exit codes:\n  0 .*\n  2 .*\n  3 /);
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
