/**
 * `npm run bench`: every benchmark in this folder, one after the other, each printing its own
 * baseline from the same run. Run one alone with `node --import tsx bench/<name>.ts`.
 */
import { existsSync } from 'node:fs';

const benches = [
  'startup',
  'mock-start',
  'snapshot-peer',
  'generate',
  'openapi-peer',
  'openapi-sizes',
  'tsc-peer',
  'fresh-check',
  'model',
  'per-tool',
  'diff',
  'impact',
  'call-overhead',
  'validated-call',
  'output-size',
  'validation',
  'threads',
  'tree-shake',
];
for (const name of benches) {
  const file = new URL(`./${name}.ts`, import.meta.url);
  if (!existsSync(file)) continue;
  console.log(`\n=== ${name}`);
  // A bench exports `main` when its `run` returns numbers without printing them.
  const mod = (await import(file.href)) as {
    main?: () => Promise<unknown>;
    run?: () => Promise<unknown>;
  };
  if (typeof mod.main === 'function') await mod.main();
  else if (typeof mod.run === 'function') await mod.run();
}
