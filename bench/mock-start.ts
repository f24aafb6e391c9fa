/**
 * `mcp-codegen mock` start-up: from spawning the compiled bin on the example snapshot to the answer
 * to `initialize` on stdout (what a test waits for before its first call), in interleaved rounds
 * against bare `node -e ""` (spawn to exit) in the same run, so machine load hits both alike.
 * Budget (issue 34): within node's start-up + 0.3 s. Run `npm run build` first.
 *
 *   node --import tsx bench/mock-start.ts
 */
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const snapshot = join(root, 'examples/weather/weather.snapshot.json');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const BUDGET_MS = 300;

const INITIALIZE = `${JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'bench', version: '0' },
  },
})}\n`;

/** Milliseconds from spawn to the first stdout line that answers request 1. */
function mockStart(): Promise<number> {
  return new Promise((done, fail) => {
    const start = process.hrtime.bigint();
    const child = spawn(process.execPath, [bin, 'mock', '--snapshot', snapshot], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (!out.includes('"id":1')) return;
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      child.stdin.end(); // stdin closed: the mock exits by itself, as under a test runner
      child.once('exit', () => done(ms));
    });
    child.once('error', fail);
    child.stdin.write(INITIALIZE);
  });
}

function nodeStart(): number {
  const start = process.hrtime.bigint();
  spawnSync(process.execPath, ['-e', ''], { stdio: 'ignore' });
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<void> {
  const node: number[] = [];
  const mock: number[] = [];
  await mockStart(); // warm the file cache once, as a test run's second mock would find it
  for (let round = 0; round < ROUNDS; round++) {
    node.push(nodeStart());
    mock.push(await mockStart());
  }
  const n = median(node);
  const m = median(mock);
  console.log(`${ROUNDS} interleaved rounds, median wall time:`);
  const row = (label: string, ms: number) =>
    `  ${label.padEnd(54)} ${ms.toFixed(0).padStart(5)} ms`;
  console.log(row('node -e ""', n));
  console.log(
    `${row('mock --snapshot example (spawn → initialize answered)', m)}  (node + ${(m - n).toFixed(0)} ms, ×${(m / n).toFixed(1)})`,
  );
  console.log(
    `budget mock start within ${BUDGET_MS} ms of bare node: ${(m - n).toFixed(0)} ms → ${m - n <= BUDGET_MS ? 'met' : 'NOT met'}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
