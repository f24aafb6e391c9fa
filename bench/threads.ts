/**
 * Where worker threads start to pay (src/shared/worker-thread.ts `SMALL_WORK`): cold `generate
 * --no-cache` through the compiled bin, one thread (`MCP_CODEGEN_WORKERS=1`) against the threaded run
 * (`MCP_CODEGEN_WORKERS=2`: a prettier worker and the Ajv thread beside this one), whole processes in
 * interleaved rounds, on the shared catalogs and GitHub slices of increasing size. A ratio below 1.0×
 * means one thread was faster. Each row also says which the default picks for that catalog.
 *
 *   node --import tsx bench/threads.ts     (BENCH_ROUNDS=5 by default)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sharedCatalogs } from '../test/helpers/paths.js';
import { jsonSizeUpTo } from '../src/shared/json.js';
import { SMALL_WORK } from '../src/shared/worker-thread.js';
import { openapiCatalog, openapiSlice } from './corpus/openapi-catalog.js';
import { measure, median, writeRssPreload } from './openapi-peer.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const work = join(root, 'test/.tmp/bench-threads');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

function catalogs(): string[] {
  const shared = sharedCatalogs().files.filter((f) => !f.includes('worldmonitor'));
  const slices = [10, 25, 50].map((size) => {
    const dir = join(work, `slice-${size}`);
    mkdirSync(dir, { recursive: true });
    const description = join(dir, 'openapi.json');
    writeFileSync(description, JSON.stringify(openapiSlice(size)));
    const file = join(dir, `github-${size}.json`);
    writeFileSync(file, JSON.stringify(openapiCatalog(description)));
    return file;
  });
  return [...shared, ...slices];
}

export async function main(): Promise<void> {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const preload = writeRssPreload(work);
  const rows = catalogs().map((file) => {
    const tools = (JSON.parse(readFileSync(file, 'utf8')) as { tools: unknown[] }).tools;
    return { file, tools: tools.length, size: jsonSizeUpTo(tools, Infinity) };
  });
  rows.sort((a, b) => a.size - b.size);
  for (const row of rows) {
    const times: Record<'1' | '2', Array<{ ms: number; mib: number }>> = { '1': [], '2': [] };
    const args = [
      bin,
      'generate',
      '--snapshot',
      row.file,
      '--out',
      'out',
      '--name',
      'x',
      '--no-cache',
    ];
    for (let round = 0; round < ROUNDS; round++)
      for (const threads of ['2', '1'] as const) {
        process.env.MCP_CODEGEN_WORKERS = threads;
        const r = measure(args, preload, work);
        if (r.status !== 0)
          throw new Error(`${row.file}: exit ${r.status}: ${r.stderr.slice(0, 400)}`);
        times[threads].push(r);
      }
    delete process.env.MCP_CODEGEN_WORKERS;
    const ms = (t: '1' | '2') => median(times[t].map((r) => r.ms));
    const mib = (t: '1' | '2') => median(times[t].map((r) => r.mib));
    console.log(
      `  ${basename(row.file, '.json').slice(0, 40).padEnd(40)} ${String(row.tools).padStart(4)} tools ${String(Math.round(row.size / 1000)).padStart(5)} KB` +
        `  one thread ${ms('1').toFixed(0).padStart(5)} ms (${mib('1').toFixed(0)} MiB)  threads ${ms('2').toFixed(0).padStart(5)} ms (${mib('2').toFixed(0)} MiB)` +
        `  ratio ${(ms('1') / ms('2')).toFixed(2)}×  default: ${row.size < SMALL_WORK ? 'one thread' : 'threads'}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
