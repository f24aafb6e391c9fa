/**
 * The stages before emit on the GitHub corpus (1,223 tools, each with self-contained `$defs`), each in a
 * cold process as `generate` runs them: reading the snapshot, the security scan whose warnings come
 * first, and the model. The floor, from the same processes: `JSON.parse` of the same text, the least
 * any reading of it costs. Times are the median of the runs, wall and CPU (CPU is steadier on a shared
 * machine). Needs a fresh `npm run build` (it runs dist/, as the bin does).
 *
 *   node --import tsx bench/model.ts [runs]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { openapiCatalog } from './corpus/openapi-catalog.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const work = join(root, 'test/.tmp/bench-model');
const dist = (path: string) => pathToFileURL(join(root, 'dist', path)).href;

/** One cold process: each stage's wall and CPU milliseconds, as JSON on stdout. */
const stages = `
const { readFileSync } = await import('node:fs');
const { parseSnapshotText } = await import(${JSON.stringify(dist('snapshot/read.js'))});
const { securityWarnings } = await import(${JSON.stringify(dist('lint/warnings.js'))});
const { buildClientModel } = await import(${JSON.stringify(dist('model/build.js'))});
const { ADAPTERS } = await import(${JSON.stringify(dist('emit/agents/adapters.js'))});
const file = process.argv[1];
const text = readFileSync(file, 'utf8');
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const out = {};
const time = (name, work) => {
  const wall = performance.now(), used = cpu();
  const value = work();
  out[name] = [performance.now() - wall, cpu() - used];
  return value;
};
time('parse floor', () => JSON.parse(text));
const snapshot = time('read', () => parseSnapshotText(text, file));
time('lint', () => securityWarnings(snapshot, { root: '/', servers: [] }, 'github'));
time('model', () => buildClientModel(snapshot, { name: 'github' }, ADAPTERS));
console.log(JSON.stringify(out));
`;

export function main(runs = Number(process.argv[2] ?? 3)): void {
  mkdirSync(work, { recursive: true });
  const file = join(work, 'github.catalog.json');
  writeFileSync(file, JSON.stringify(openapiCatalog()));
  const results: Array<Record<string, [number, number]>> = [];
  for (let i = 0; i < runs; i++) {
    const stdout = execFileSync(process.execPath, ['--input-type=module', '-e', stages, file], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    });
    results.push(JSON.parse(stdout) as Record<string, [number, number]>);
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const floor = median(results.map((r) => r['parse floor']![1]));
  console.log(
    `GitHub corpus, ${runs} cold runs, median (wall / CPU, and CPU as a multiple of the parse floor):`,
  );
  for (const stage of Object.keys(results[0]!)) {
    const wall = median(results.map((r) => r[stage]![0]));
    const used = median(results.map((r) => r[stage]![1]));
    console.log(
      `  ${stage.padEnd(12)} ${wall.toFixed(0).padStart(6)} ms / ${used.toFixed(0).padStart(6)} ms CPU  ${(used / floor).toFixed(1)}× floor`,
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main();
