/**
 * Discovery start-up against a peer in the same run: `mcp-codegen snapshot` of
 * @modelcontextprotocol/server-everything over stdio, and mcporter 0.9.0 (the last release that runs
 * on Node 20) listing the same server's tools with their schemas, each a whole process, rounds
 * interleaved so machine load hits both alike. mcporter lists tools only; we list tools, resources,
 * templates and prompts, and write the file. Target (issue 13): ≤ 1.0× mcporter's median.
 *
 *   node --import tsx bench/snapshot-peer.ts     (BENCH_ROUNDS=7 by default)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-snapshot-peer');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const everything = join(root, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const mcporter = join(root, 'node_modules/mcporter/dist/cli.js');

function time(args: string[]): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, {
    cwd: work,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0)
    throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<{ ratio: number }> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const cases: Record<string, string[]> = {
    'mcporter 0.9.0 list --stdio --schema --json': [
      mcporter,
      'list',
      '--stdio',
      process.execPath,
      '--stdio-arg',
      everything,
      '--stdio-arg',
      'stdio',
      '--schema',
      '--json',
    ],
    'mcp-codegen snapshot --stdio': [
      bin,
      'snapshot',
      '--stdio',
      `"${process.execPath}" "${everything}" stdio`,
      '--out',
      join(work, 'everything.json'),
    ],
  };
  const results: Record<string, number[]> = Object.fromEntries(
    Object.keys(cases).map((k) => [k, []]),
  );
  for (const args of Object.values(cases)) time(args); // one untimed round: disk caches warm for both
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, args] of Object.entries(cases)) results[name]!.push(time(args));
  }
  for (const [name, ms] of Object.entries(results))
    console.log(
      `  ${name.padEnd(46)} ${median(ms).toFixed(0).padStart(6)} ms (median of ${ROUNDS})`,
    );
  const ratio =
    median(results['mcp-codegen snapshot --stdio']!) /
    median(results['mcporter 0.9.0 list --stdio --schema --json']!);
  console.log(`snapshot / mcporter: ${ratio.toFixed(2)}× (target ≤ 1.0×)`);
  return { ratio };
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
