/**
 * What the generated client costs every type-check of the user's project (issue 33: at most 1.2× the
 * peer): `tsc --noEmit --strict --extendedDiagnostics` (the pinned TypeScript 5.9) over the client of
 * the ~130-operation GitHub slice (bench/corpus/openapi-catalog.ts `openapiSlice`, made as
 * bench/openapi-sizes.ts makes it) against the same over openapi-typescript's output of the same
 * slice. Both in one temp folder outside the repo, with the same flags and @types/node (the runtime
 * uses `setTimeout`, `URL`, `AbortSignal`; a user's project has them), rounds interleaved; tsc's
 * own "Total time" of each run, the median of the rounds, and their ratio.
 *
 *   node --import tsx bench/tsc-peer.ts     (BENCH_ROUNDS=3 by default; run `npm run build` first)
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openapiCatalog, openapiSlice } from './corpus/openapi-catalog.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const bin = join(root, 'bin/mcp-codegen.js');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const openapiTs = join(root, 'node_modules/openapi-typescript/bin/cli.js');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const OPERATIONS = 130;
const TARGET = 1.2;

const FLAGS = [
  '--noEmit',
  '--strict',
  '--extendedDiagnostics',
  '--target',
  'es2022',
  '--module',
  'nodenext',
  '--moduleResolution',
  'nodenext',
  '--types',
  'node',
  '--typeRoots',
  join(root, 'node_modules/@types'),
];

interface Diagnostics {
  total: number;
  check: number;
  lines: number;
  memoryKb: number;
}

/** One tsc run over `files` (relative to `dir`); its own figures from --extendedDiagnostics. */
function typecheck(dir: string, files: string[]): Diagnostics {
  const r = spawnSync(process.execPath, [tsc, ...FLAGS, ...files], { cwd: dir, encoding: 'utf8' });
  const field = (name: string) => {
    const m = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(r.stdout);
    if (m === null) throw new Error(`tsc printed no "${name}" (exit ${r.status}):\n${r.stdout}`);
    return Number(m[1]);
  };
  if (r.status !== 0) throw new Error(`tsc found errors:\n${r.stdout.slice(0, 2000)}`);
  return {
    total: field('Total time'),
    check: field('Check time'),
    lines: field('Lines of TypeScript'),
    memoryKb: field('Memory used'),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export function main(): void {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-tsc-'));
  try {
    const description = join(dir, 'openapi.json');
    writeFileSync(description, JSON.stringify(openapiSlice(OPERATIONS)));
    const catalog = openapiCatalog(description);
    writeFileSync(join(dir, 'catalog.json'), JSON.stringify(catalog));
    const quiet = { cwd: dir, stdio: 'ignore' } as const;
    execFileSync(
      process.execPath,
      [bin, 'generate', '--snapshot', 'catalog.json', '--out', 'client', '--name', 'github'],
      quiet,
    );
    execFileSync(process.execPath, [openapiTs, description, '-o', 'openapi-types.ts'], quiet);
    const ours = readdirSync(join(dir, 'client'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => `client/${f}`);
    const runs: { ours: Diagnostics[]; peer: Diagnostics[] } = { ours: [], peer: [] };
    for (let round = 0; round < ROUNDS; round++)
      for (const side of round % 2 === 0
        ? (['peer', 'ours'] as const)
        : (['ours', 'peer'] as const))
        runs[side].push(typecheck(dir, side === 'ours' ? ours : ['openapi-types.ts']));
    const show = (label: string, ds: Diagnostics[]) =>
      `  ${label.padEnd(44)} Total time ${median(ds.map((d) => d.total)).toFixed(2)} s (runs ${ds.map((d) => d.total.toFixed(2)).join(', ')}), check ${median(ds.map((d) => d.check)).toFixed(2)} s, ${ds[0]!.lines} lines, ${(median(ds.map((d) => d.memoryKb)) / 1024).toFixed(0)} MiB`;
    console.log(
      `tsc ${FLAGS.slice(0, 3).join(' ')} over the ${catalog.tools.length}-tool GitHub slice, ${ROUNDS} interleaved rounds (median):`,
    );
    console.log(show(`mcp-codegen client (${ours.length} files)`, runs.ours));
    console.log(show('openapi-typescript (openapi-types.ts)', runs.peer));
    const ratio = median(runs.ours.map((d) => d.total)) / median(runs.peer.map((d) => d.total));
    console.log(
      `  ratio ${ratio.toFixed(2)}× (target ≤ ${TARGET}×) → ${ratio <= TARGET ? 'met' : 'NOT met'}`,
    );
    const lines = ours
      .map(
        (f) =>
          [
            f.slice('client/'.length),
            readFileSync(join(dir, f), 'utf8').split('\n').length,
          ] as const,
      )
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6);
    console.log(
      `  largest files of the client, lines: ${lines.map(([f, n]) => `${f} ${n}`).join(', ')}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
