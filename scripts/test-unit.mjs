// npm run test:unit: every test/*.test.ts, two files at a time, the slowest started first.
// `node --test a b c` sorts the files it is given (Node 20), so the longest file could start last
// and leave one core idle while it runs alone; node:test's run() keeps the order. Each file still
// runs in its own process, with this process's --import flags (tsx, test/helpers/one-thread.ts).
// Output is the same TAP as `node --test`; the exit code is 1 when a test fails. The files' tsc runs
// go to one tsc server started here (test/helpers/tsc-server.mjs), which ends with the run.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { tscNode } from '../test/helpers/tsc.ts';

// Longest first, from a full run (test/SLOW-TESTS.md); a file not named here runs after these.
const SLOWEST = [
  'generate-typecheck',
  'validation-differential',
  'mock-data',
  'mock-catalogs',
  'agents-openai',
  'package',
  'generated-eras',
  'generate-aggregate-hostile',
  'per-tool-bundle',
  'generate-aggregate',
  'docs-browser',
  'agents-code-mode',
  'agents-ai-sdk-v7',
  'mock-generated-client',
  'property-schemas',
].map((name) => `test/${name}.test.ts`);

const all = readdirSync('test')
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `test/${file}`)
  .sort();
const missing = SLOWEST.filter((file) => !all.includes(file));
if (missing.length > 0) {
  console.error(`scripts/test-unit.mjs names files that do not exist: ${missing.join(', ')}`);
  process.exit(2);
}
const files = [...SLOWEST, ...all.filter((file) => !SLOWEST.includes(file))];

let failed = false;
// Two files at a time on this 2-core machine. MCP_CODEGEN_TEST_CONCURRENCY overrides it: 3 took a
// fresh-clone .ci/run to 337 s once here (2 gave 348-411 s as the host's speed varied), but it puts
// more load on the tests with timeouts, and the test phase already keeps both cores busy.
const concurrency = Number(process.env.MCP_CODEGEN_TEST_CONCURRENCY ?? 2);
if (!Number.isInteger(concurrency) || concurrency < 1) {
  console.error(
    `MCP_CODEGEN_TEST_CONCURRENCY must be a whole number of at least 1, not ${JSON.stringify(process.env.MCP_CODEGEN_TEST_CONCURRENCY)}`,
  );
  process.exit(2);
}
// One tsc for the run (test/helpers/tsc-server.mjs): the test files' type checks share its parsed
// declarations and its warmed-up compiler. Its socket reaches them through the environment.
const socket = join(tmpdir(), `mcp-codegen-tsc-${process.pid}.sock`);
const tscServer = spawn(
  await tscNode(),
  ['--max-old-space-size=8192', 'test/helpers/tsc-server.mjs', socket],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
const [line] = await Promise.race([
  once(tscServer.stdout, 'data'),
  once(tscServer, 'exit').then(([code]) => {
    throw new Error(`test/helpers/tsc-server.mjs exited with ${code} before it was ready`);
  }),
]);
if (String(line).trim() !== 'ready') throw new Error(`tsc server: ${String(line)}`);
tscServer.stdout.resume();
process.env.MCP_CODEGEN_TSC_SERVER = socket;

const stream = run({ files, concurrency });
stream.on('close', () => tscServer.stdin.end());
stream.on('test:fail', () => {
  failed = true;
});
stream.compose(tap).pipe(process.stdout);
process.on('exit', () => {
  if (failed) process.exitCode = 1;
});
