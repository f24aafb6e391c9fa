/**
 * Cold generate against openapi-typescript at the sizes users have (issue 29): cross-sections of the
 * GitHub description of about 50 and about 130 operations (components pruned to what each reaches,
 * bench/corpus/openapi-catalog.ts `openapiSlice`) and the whole corpus. Per size, each a whole
 * process with rounds interleaved: `mcp-codegen generate --no-cache` through the compiled bin, and
 * openapi-typescript on the same slice; the ratio of medians, the peak RSS of each, and beside it the
 * floor of bench/core-floor.ts on that size (the CPU the libraries take alone, over the cores, as a
 * fraction of the peer). Target: ratio ≤ 1.0× at every size, peak ≤ 400 MiB on the corpus.
 * Everything runs in a temp folder outside the repo, so no node_modules/.cache is reachable from it
 * (and `--no-cache` neither reads nor writes one): each of our runs is cold.
 *
 *   node --import tsx bench/openapi-sizes.ts     (BENCH_ROUNDS=3 by default)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoreFloor } from './core-floor.js';
import { GITHUB_OPENAPI, openapiCatalog, openapiSlice } from './corpus/openapi-catalog.js';
import { coreFloor, measure, median, writeRssPreload } from './openapi-peer.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const openapiTs = join(root, 'node_modules/openapi-typescript/bin/cli.js');
const SIZES = [50, 130, Infinity];

const floorCpu = (f: CoreFloor) => f.jsonSchemaToTypescript.cpu + f.prettierTypes.cpu;

export async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-sizes-'));
  try {
    await sizes(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function sizes(work: string): Promise<void> {
  const preload = writeRssPreload(work);
  const rows: string[] = [];
  for (const size of SIZES) {
    const label = size === Infinity ? 'all' : String(size);
    const dir = join(work, label);
    mkdirSync(dir);
    const description = size === Infinity ? GITHUB_OPENAPI : join(dir, 'openapi.json');
    if (size !== Infinity) writeFileSync(description, JSON.stringify(openapiSlice(size)));
    const catalog = join(dir, 'catalog.json');
    const built = openapiCatalog(description);
    writeFileSync(catalog, JSON.stringify(built));
    const cold = [bin, 'generate', '--snapshot', catalog, '--out', 'client', '--name', 'github'];
    const peerArgs = [openapiTs, description, '-o', 'openapi-types.ts'];
    const ours: Array<{ ms: number; mib: number; stderr: string }> = [];
    const peer: Array<{ ms: number; mib: number }> = [];
    const floors: CoreFloor[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const [args, into] of [
        [peerArgs, peer],
        [[...cold, '--no-cache', '--timings'], ours],
      ] as const) {
        const r = measure([...args], preload, dir);
        if (r.status !== 0) throw new Error(`exited ${r.status}: ${r.stderr.slice(0, 500)}`);
        into.push(r);
      }
      floors.push(coreFloor(catalog, join(dir, 'client')));
    }
    const ms = (rs: Array<{ ms: number }>) => median(rs.map((r) => r.ms));
    const mib = (rs: Array<{ mib: number }>) => median(rs.map((r) => r.mib));
    const least = median(floors.map(floorCpu)) / availableParallelism();
    rows.push(
      `  ${String(built.tools.length).padStart(5)} tools  cold ${ms(ours).toFixed(0).padStart(6)} ms (peak ${mib(ours).toFixed(0)} MiB)` +
        `  openapi-typescript ${ms(peer).toFixed(0).padStart(6)} ms (peak ${mib(peer).toFixed(0)} MiB)` +
        `  ratio ${(ms(ours) / ms(peer)).toFixed(2)}× (target ≤ 1.0×)  floor ${(least / ms(peer)).toFixed(2)}×`,
    );
    console.log(rows.at(-1));
    // generate --timings of our median run: where its time goes.
    const typical = [...ours].sort((a, b) => a.ms - b.ms)[ours.length >> 1]!;
    console.log(`        ${/^timings: .*$/m.exec(typical.stderr)?.[0] ?? '(no timings printed)'}`);
    if (size === Infinity) {
      const peak = Math.max(...ours.map((r) => r.mib));
      console.log(
        `  peak RSS of cold generate on the corpus, highest of the rounds: ${peak.toFixed(0)} MiB (target ≤ 400 MiB) → ${peak <= 400 ? 'met' : 'NOT met'}`,
      );
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
