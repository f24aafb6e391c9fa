import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DiscoverProgress } from '../src/discover/index.js';
import { ServerError } from '../src/shared/errors.js';
import { discover } from '../src/snapshot/discover.js';
import { parseSnapshotText } from '../src/snapshot/index.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureArgs, fixtureCommand, ROOT, runCli } from './helpers/servers.js';

// Issue 22: servers that write on stdout lines that are not JSON-RPC (fixtures/servers/noisy.ts).
// Both SDK clients skip such lines; discovery skips them too, with one warning, and a server
// that writes nothing else still fails, saying what it wrote.
const env = process.env;
const banner = fixtureCommand('noisy', 'banner');
// The banner, a JSON log line and a plain log line: three lines, the first quoted, its colour
// codes escaped (server text must not drive the user's terminal).
const WARNING = `server "${banner}": skipped 3 lines on stdout that are not JSON-RPC messages, the first: "\\u001b[32mStarting Noisy MCP server...\\u001b[0m"; the server may log to stdout instead of stderr`;

test('a banner and log lines on stdout are skipped: the server is discovered, with one warning', async () => {
  for (const era of ['auto', 'legacy'] as const) {
    const warnings: string[] = [];
    const events: DiscoverProgress[] = [];
    const snapshot = await discover(
      { stdio: banner },
      {
        cwd: ROOT,
        env,
        era,
        onWarning: (line) => warnings.push(line),
        onProgress: (e) => events.push(e),
      },
    );
    assert.deepEqual(
      snapshot.tools.map((t) => t.name),
      ['current-time', 'convert-time'],
      era,
    );
    assert.equal(snapshot.serverInfo?.name, 'noisy-banner');
    assert.equal(warnings.length, 1, `${era}: one warning, not one per line: ${warnings}`);
    assert.ok(warnings[0]!.startsWith(WARNING), `${era}: ${warnings[0]}`);
    assert.doesNotMatch(warnings[0]!, /\x1b/, 'no raw escape character');
    // After the progress display is done with, so it does not land in the middle of a progress line.
    assert.equal(events.at(-1)?.type, 'done');
  }
});

test('the modern era skips them too: an SDK v2 server behind a banner', async () => {
  // The banner comes from a module node loads before the server's own (an array stdio, no shell).
  const preload = 'data:text/javascript,process.stdout.write("v2 banner \\u202e\\n")';
  const warnings: string[] = [];
  const snapshot = await discover(
    { stdio: [process.execPath, '--import', preload, ...fixtureArgs('v2-catalog')] },
    { cwd: ROOT, env, era: 'modern', onWarning: (line) => warnings.push(line) },
  );
  assert.equal(snapshot.era, 'modern');
  assert.equal(snapshot.tools.length, 6);
  assert.equal(warnings.length, 1);
  // A bidirectional control in server text is shown as an escape, never raw.
  assert.match(
    warnings[0]!,
    /: skipped 1 line on stdout that is not a JSON-RPC message: "v2 banner \\u202e"; /,
  );
});

test('a server that is quiet on stdout gives no warning', async () => {
  const warnings: string[] = [];
  await discover(
    { stdio: fixtureCommand('example') },
    { cwd: ROOT, env, era: 'legacy', onWarning: (line) => warnings.push(line) },
  );
  assert.deepEqual(warnings, []);
});

test('a server that writes only lines that are not JSON-RPC times out, saying what it wrote', async () => {
  const warnings: string[] = [];
  await assert.rejects(
    discover(
      { stdio: fixtureCommand('noisy', 'garbage') },
      // Legacy: the auto era's probe would time out first, and only then initialize.
      { cwd: ROOT, env, era: 'legacy', timeoutMs: 4000, onWarning: (line) => warnings.push(line) },
    ),
    (e: unknown) =>
      e instanceof ServerError &&
      e.exitCode === 3 &&
      // Every message is pretty-printed over many lines; the first of them is "{".
      /: initialize: no answer within 4000 ms; all it wrote was \d+ lines on stdout that are not JSON-RPC messages, the first: "\{"$/m.test(
        e.message,
      ) &&
      /may log to stdout instead of stderr/.test(e.hint ?? ''),
  );
  assert.deepEqual(warnings, [], 'the error says it; no warning besides');
});

test('a server that prints its usage on stdout and exits: the error quotes the usage', async () => {
  await assert.rejects(
    discover({ stdio: fixtureCommand('noisy', 'usage') }, { cwd: ROOT, env }),
    (e: unknown) =>
      e instanceof ServerError &&
      e.message.includes(
        ': initialize: the server process exited before answering; all it wrote was 2 lines on stdout that are not JSON-RPC messages, the first: "Usage: noisy-mcp --api-key <key> [--port <n>]"',
      ) &&
      /it may need arguments or environment variables/.test(e.hint ?? ''),
  );
});

test('snapshot and generate through the bin: the banner server works with one warning, the usage server is exit 3', async () => {
  const dir = join(tmpRoot, 'discover-stdout');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const out = join(dir, 'noisy.json');
  const snapshot = await runCli(['snapshot', '--stdio', banner, '--out', out]);
  assert.equal(snapshot.code, 0, snapshot.stderr);
  assert.match(snapshot.stdout, /^wrote .*noisy\.json: 2 tools, .*\(noisy-banner 1\.0\.0,/);
  assert.equal(snapshot.stderr.match(/^warning: /gm)?.length, 1, snapshot.stderr);
  assert.ok(snapshot.stderr.includes(`warning: ${WARNING}`), snapshot.stderr);
  assert.equal(parseSnapshotText(await readFile(out, 'utf8'), out).tools.length, 2);

  const servers = [
    { name: 'noisy', source: { stdio: banner }, out: 'noisy' },
    { name: 'usage', source: { stdio: fixtureCommand('noisy', 'usage') }, out: 'usage' },
  ];
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers }));
  const works = await runCli(['generate', '--server', 'noisy'], { cwd: dir });
  assert.equal(works.code, 0, works.stderr);
  assert.equal(works.stderr.match(/^warning: /gm)?.length, 1, works.stderr);
  assert.ok(
    works.stderr.includes(`warning: ${WARNING.replace(`"${banner}"`, '"noisy"')}`),
    works.stderr,
  );
  const fails = await runCli(['generate', '--server', 'usage'], { cwd: dir });
  assert.equal(fails.code, 3, fails.stderr);
  assert.match(
    fails.stderr,
    /error: server "usage": initialize: the server process exited before answering; all it wrote was 2 lines on stdout that are not JSON-RPC messages, the first: "Usage: noisy-mcp/,
  );
});
