/**
 * Growth with catalog size: cold `mcp-codegen generate --no-cache` (whole process, compiled bin) of
 * 100, 1,000 and 5,000 tools from the GitHub REST corpus (bench/corpus/openapi-catalog.ts; past its
 * 1,223 operations the tools are repeated under new names, schemas and all, as a cloned catalog
 * would be). Prints time per tool at each size and the ratio of the largest size's per-tool time to
 * the smallest's: about 1 when growth is linear (fixed start-up makes small sizes look dearer).
 *
 *   node --import tsx bench/per-tool.ts     (BENCH_SIZES=100,1000,5000 and BENCH_ROUNDS=1 by default)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openapiCatalog } from './corpus/openapi-catalog.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-per-tool');
const SIZES = (process.env.BENCH_SIZES ?? '100,1000,5000').split(',').map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);

type Tool = { name: string } & Record<string, unknown>;

/** `count` tools: the corpus in order, then again with `_2`, `_3`… names. */
function catalogOf(corpus: Tool[], count: number): { tools: Tool[] } {
  const tools = Array.from({ length: count }, (_, i) => {
    const tool = corpus[i % corpus.length]!;
    const copy = Math.floor(i / corpus.length);
    return copy === 0 ? tool : { ...tool, name: `${tool.name}_${copy + 1}` };
  });
  return { tools };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  writeFileSync(
    join(work, 'rss.mjs'),
    "process.on('exit', () => process.stderr.write(`max-rss-kb ${process.resourceUsage().maxRSS}\\n`));\n",
  );
  const corpus = openapiCatalog().tools as Tool[];
  const rows: Array<{ size: number; ms: number; mib: number }> = [];
  for (const size of SIZES) {
    const file = join(work, `catalog-${size}.json`);
    writeFileSync(file, JSON.stringify(catalogOf(corpus, size)));
    const times: number[] = [];
    let mib = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const args = [
        '--import',
        join(work, 'rss.mjs'),
        bin,
        'generate',
        '--snapshot',
        file,
        '--out',
        `client-${size}`,
        '--name',
        'github',
        '--no-cache',
      ];
      const start = process.hrtime.bigint();
      const r = spawnSync(process.execPath, args, {
        cwd: work,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      if (r.status !== 0)
        throw new Error(`generate of ${size} tools exited ${r.status}: ${r.stderr.slice(-500)}`);
      mib = Math.max(mib, Number(/max-rss-kb (\d+)/.exec(r.stderr)?.[1] ?? NaN) / 1024);
    }
    rows.push({ size, ms: median(times), mib });
  }
  console.log('  tools   total ms   ms per tool   peak MiB');
  for (const { size, ms, mib } of rows) {
    console.log(
      `  ${String(size).padStart(5)} ${ms.toFixed(0).padStart(10)} ${(ms / size).toFixed(2).padStart(13)} ${mib.toFixed(0).padStart(10)}`,
    );
  }
  const first = rows[0]!;
  const last = rows[rows.length - 1]!;
  const ratio = last.ms / last.size / (first.ms / first.size);
  console.log(
    `per-tool time ${last.size}/${first.size}: ${ratio.toFixed(2)}× (≤ 1 means no worse than linear)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
