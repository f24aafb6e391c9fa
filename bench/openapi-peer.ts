/**
 * Generation at real scale against a peer in the same run: GitHub's REST API (1,223 operations) as an
 * MCP catalog (bench/corpus/openapi-catalog.ts), `mcp-codegen generate --no-cache` (cold) and
 * `generate --check` (warm cache) through the compiled bin, and openapi-typescript on the same OpenAPI
 * description, each a whole process, rounds interleaved. Peak memory is each process's max RSS.
 * Target (issue 13): cold generate ≤ 0.5× openapi-typescript, peak ≤ 400 MiB, warm check ≤ 1.0 s.
 * Also timed: a one-tool change (one description edited) with the cache warm, which reuses the
 * formatted runs of every other tool (the format memo), as a fraction of the cold run.
 * Beside the target, the floor of bench/core-floor.ts: the CPU time the libraries a cold run is built
 * on take by themselves, over the cores, as a fraction of the peer.
 *
 *   node --import tsx bench/openapi-peer.ts     (BENCH_ROUNDS=3 by default)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CoreFloor } from './core-floor.js';
import { GITHUB_OPENAPI, openapiCatalog } from './corpus/openapi-catalog.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-openapi');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// Its `exports` hide the bin from require.resolve: the CLI file, from the devDependency.
const openapiTs = join(root, 'node_modules/openapi-typescript/bin/cli.js');

/** Wall time and peak RSS of one node process (the preload reports its own max RSS at exit). */
export function measure(
  args: string[],
  preload: string,
  cwd = work,
): { ms: number; mib: number; status: number | null; stderr: string } {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--import', preload, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const kb = Number(/max-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { ms, mib: kb / 1024, status: r.status, stderr: r.stderr };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const catalog = join(work, 'github.catalog.json');
  const built = openapiCatalog();
  writeFileSync(catalog, JSON.stringify(built));
  // The same catalog with one tool's description edited: a cache miss, but the format memo holds the rest.
  const changed = join(work, 'github-one-changed.catalog.json');
  const middle = built.tools[Math.floor(built.tools.length / 2)]!;
  const edited = { ...middle, description: `${String(middle.description ?? '')} (edited)` };
  writeFileSync(
    changed,
    JSON.stringify({ ...built, tools: built.tools.map((t) => (t === middle ? edited : t)) }),
  );
  const preload = writeRssPreload(work);
  console.log(
    `corpus: ${built.tools.length} tools from ${GITHUB_OPENAPI.split('node_modules/')[1]}`,
  );

  const generate = [bin, 'generate', '--snapshot', catalog, '--out', 'client', '--name', 'github'];
  const generateChanged = [
    bin,
    'generate',
    '--snapshot',
    changed,
    '--out',
    'client-changed',
    '--name',
    'github',
  ];
  const cases: Record<string, string[]> = {
    'openapi-typescript (same description)': [openapiTs, GITHUB_OPENAPI, '-o', 'openapi-types.ts'],
    'mcp-codegen generate --no-cache (cold)': [...generate, '--no-cache'],
    'mcp-codegen generate --check (warm cache)': [...generate, '--check'],
    // Output folder of its own, alternating catalogs, so each round is a one-tool change against the last.
    'mcp-codegen generate, one tool changed': generateChanged,
  };
  // One plain run first: it writes the client the checks compare against, and fills the cache.
  for (const args of [
    generate,
    [bin, 'generate', '--snapshot', catalog, '--out', 'client-changed', '--name', 'github'],
  ]) {
    const warmup = measure(args, preload);
    if (warmup.status !== 0)
      throw new Error(`generate exited ${warmup.status}: ${warmup.stderr.slice(0, 500)}`);
  }
  const results: Record<string, Array<{ ms: number; mib: number }>> = Object.fromEntries(
    Object.keys(cases).map((k) => [k, []]),
  );
  const floors: CoreFloor[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    floors.push(coreFloor(catalog, join(work, 'client')));
    for (const [name, args] of Object.entries(cases)) {
      // Odd rounds change the tool back: the cache entry is for the other catalog each time.
      const r = measure(
        args === generateChanged && round % 2 === 1
          ? [bin, 'generate', '--snapshot', catalog, '--out', 'client-changed', '--name', 'github']
          : args,
        preload,
      );
      if (r.status !== 0) {
        console.log(
          `  ${name}: exited ${r.status}\n${r.stderr.split('\n').slice(0, 5).join('\n')}`,
        );
        return;
      }
      results[name]!.push(r);
    }
  }
  for (const [name, rs] of Object.entries(results)) {
    console.log(
      `  ${name.padEnd(44)} ${median(rs.map((r) => r.ms))
        .toFixed(0)
        .padStart(6)} ms  peak ${median(rs.map((r) => r.mib)).toFixed(0)} MiB`,
    );
  }
  const peer = median(results['openapi-typescript (same description)']!.map((r) => r.ms));
  const cold = median(results['mcp-codegen generate --no-cache (cold)']!.map((r) => r.ms));
  const warm = median(results['mcp-codegen generate --check (warm cache)']!.map((r) => r.ms));
  const one = median(results['mcp-codegen generate, one tool changed']!.map((r) => r.ms));
  console.log(
    `cold generate / openapi-typescript: ${(cold / peer).toFixed(2)}× (target ≤ 0.5×); warm --check ${warm.toFixed(0)} ms (target ≤ 1000 ms)`,
  );
  console.log(`one tool changed / cold generate: ${(one / cold).toFixed(2)}×`);
  const part = (pick: (f: CoreFloor) => number) => median(floors.map(pick));
  const parts = {
    'json-schema-to-typescript': part((f) => f.jsonSchemaToTypescript.cpu),
    'prettier on the types': part((f) => f.prettierTypes.cpu),
  };
  const sum = Object.values(parts).reduce((a, b) => a + b, 0);
  const cores = availableParallelism();
  const terms = Object.entries(parts).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`);
  const least = sum / cores;
  console.log(
    `floor (bench/core-floor.ts, CPU of each library alone): ${terms.join(' + ')} = ${sum.toFixed(0)} ms`,
  );
  console.log(
    `  over ${cores} cores a cold run takes at least ${least.toFixed(0)} ms = ${(least / peer).toFixed(2)}× openapi-typescript (not counted: mcp-codegen's model of the catalog, built before them, ${part((f) => f.model.cpu).toFixed(0)} ms CPU)`,
  );
}

/** A preload in `dir` that makes a node process print its peak RSS at exit (read by `measure`). */
export function writeRssPreload(dir: string): string {
  const preload = join(dir, 'rss.mjs');
  writeFileSync(
    preload,
    "process.on('exit', () => process.stderr.write(`max-rss-kb ${process.resourceUsage().maxRSS}\\n`));\n",
  );
  return preload;
}

/** One fresh process timing the libraries alone (bench/core-floor.ts). */
export function coreFloor(catalog: string, outDir: string): CoreFloor {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'bench/core-floor.ts'), catalog, outDir],
    { cwd: root, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`bench/core-floor.ts exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as CoreFloor;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
