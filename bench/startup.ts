/**
 * Start-up: whole processes of the compiled bin (run `npm run build` first), timed in interleaved
 * rounds against bare `node -e ""` in the same run, so machine load hits every figure alike.
 * Budgets (issue 8): `--help` within 0.25 s of bare node; `generate --check --offline` on a catalog
 * of up to 20 tools within 1.0 s wall (warm output cache; the cold figure is printed beside it).
 *
 *   node --import tsx bench/startup.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-startup');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);

/** A 20-tool catalog shaped like real ones: inputs with a few properties, half with an outputSchema. */
function catalog20(): string {
  const tools = Array.from({ length: 20 }, (_, i) => ({
    name: `tool_${i}`,
    description: `Tool ${i}.`,
    inputSchema: {
      type: 'object',
      properties: { id: { type: 'string' }, limit: { type: 'integer', minimum: 1 } },
      required: ['id'],
    },
    ...(i % 2 === 0
      ? {
          outputSchema: {
            type: 'object',
            properties: { items: { type: 'array', items: { type: 'string' } } },
            required: ['items'],
          },
        }
      : {}),
  }));
  const file = join(work, 'twenty.json');
  writeFileSync(file, JSON.stringify({ tools }));
  return file;
}

function time(args: string[], cwd = root): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0 && r.status !== 1)
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const twenty = catalog20();
  const twentyArgs = [
    'generate',
    '--snapshot',
    twenty,
    '--out',
    join(work, 'twenty'),
    '--name',
    'twenty',
  ];
  spawnSync(process.execPath, [bin, ...twentyArgs], { cwd: work }); // written once, so --check has something to compare
  spawnSync(process.execPath, [bin, 'generate', '--check', '--offline'], { cwd: root }); // warm the example's cache

  const cases: Record<string, string[]> = {
    'node -e ""': ['-e', ''],
    'mcp-codegen --help': [bin, '--help'],
    'generate --check --offline (example, 4 tools, cache warm)': [
      bin,
      'generate',
      '--check',
      '--offline',
    ],
    'generate --check --offline (example, --no-cache)': [
      bin,
      'generate',
      '--check',
      '--offline',
      '--no-cache',
    ],
    'generate --check (20 tools, cache warm)': [bin, ...twentyArgs, '--check'],
    'generate --check (20 tools, --no-cache)': [bin, ...twentyArgs, '--check', '--no-cache'],
  };
  const samples: Record<string, number[]> = Object.fromEntries(
    Object.keys(cases).map((k) => [k, []]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(cases))
      samples[name]!.push(time(args, name.includes('20 tools') ? work : root));
  }
  const node = median(samples['node -e ""']!);
  console.log(`${ROUNDS} interleaved rounds, median wall time per process:`);
  for (const [name, xs] of Object.entries(samples)) {
    const m = median(xs);
    console.log(
      `  ${name.padEnd(58)} ${m.toFixed(0).padStart(5)} ms  (node + ${(m - node).toFixed(0)} ms)`,
    );
  }
  const help = median(samples['mcp-codegen --help']!) - node;
  const warm = Math.max(
    median(samples['generate --check --offline (example, 4 tools, cache warm)']!),
    median(samples['generate --check (20 tools, cache warm)']!),
  );
  console.log(
    `budget --help within 250 ms of bare node: ${help.toFixed(0)} ms → ${help <= 250 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `budget generate --check (≤ 20 tools) within 1000 ms wall: ${warm.toFixed(0)} ms → ${warm <= 1000 ? 'met' : 'NOT met'}`,
  );
  const timings = spawnSync(
    process.execPath,
    [bin, 'generate', '--check', '--offline', '--timings'],
    { cwd: root, encoding: 'utf8' },
  );
  const cold = spawnSync(
    process.execPath,
    [bin, 'generate', '--check', '--offline', '--timings', '--no-cache'],
    { cwd: root, encoding: 'utf8' },
  );
  for (const [label, r] of [
    ['warm', timings],
    ['cold', cold],
  ] as const) {
    const line = r.stderr.split('\n').find((l) => l.startsWith('timings:'));
    console.log(`stage timings (${label}): ${line?.slice('timings: '.length) ?? '(none)'}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
