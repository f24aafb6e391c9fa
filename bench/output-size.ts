/**
 * Size of the generated folder for each shared catalog (../shared/catalogs, see ../shared/README.md)
 * against the bytes of the snapshot it was generated from, which issue 33 holds to 1.5×. Each is a
 * real `mcp-codegen generate --snapshot <catalog> --no-cache` through the compiled bin, in a temp
 * folder outside the repo (no config, prettier's defaults), with the runtime's copied files and the
 * manifest not counted: the same for every client, and left out by `runtime: { out }`. Per catalog,
 * the ratio and every counted file with its bytes and share, largest first, so what dominates shows.
 *
 *   node --import tsx bench/output-size.ts     (run `npm run build` first)
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { RUNTIME_TEMPLATES } from '../src/emit/emit.js';
import { sharedCatalogs } from '../test/helpers/paths.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const NOT_COUNTED = new Set<string>([...RUNTIME_TEMPLATES, 'mcp-codegen.manifest.json']);
const TARGET = 1.5;

export interface OutputSizeRow {
  catalog: string;
  snapshot: number;
  /** Bytes per counted generated file, largest first, and their total. */
  files: Array<[string, number]>;
  total: number;
}

export function run(): OutputSizeRow[] {
  const work = mkdtempSync(join(tmpdir(), 'mcp-codegen-bench-size-'));
  try {
    return sharedCatalogs().files.map((file) => {
      const out = join(work, basename(file, '.json'));
      execFileSync(
        process.execPath,
        [join(root, 'bin/mcp-codegen.js'), 'generate', '--snapshot', file, '--out', out],
        { cwd: work, stdio: 'ignore' },
      );
      const files = readdirSync(out)
        .filter((f) => !NOT_COUNTED.has(f))
        .map((f): [string, number] => [f, statSync(join(out, f)).size])
        .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
      const total = files.reduce((sum, [, bytes]) => sum + bytes, 0);
      return { catalog: basename(file), snapshot: statSync(file).size, files, total };
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export function main(): void {
  const { skip } = sharedCatalogs();
  if (skip !== undefined) return console.log(`output size: ${skip}`);
  const rows = run();
  console.log(
    `generated folder (runtime copies and manifest not counted) / snapshot bytes, per shared catalog (target ≤ ${TARGET}×):`,
  );
  for (const row of rows) {
    const ratio = row.total / row.snapshot;
    console.log(
      `  ${row.catalog.padEnd(56)} ${String(row.total).padStart(8)} B / ${String(row.snapshot).padStart(7)} B = ${ratio.toFixed(2)}×${ratio > TARGET ? '  (over)' : ''}`,
    );
    const parts = row.files.map(
      ([f, bytes]) => `${f} ${bytes} (${((100 * bytes) / row.total).toFixed(0)}%)`,
    );
    console.log(`      ${parts.join(', ')}`);
  }
  const over = rows.filter((r) => r.total / r.snapshot > TARGET).length;
  console.log(`  ${rows.length - over} of ${rows.length} catalogs within ${TARGET}×`);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href)
  main();
