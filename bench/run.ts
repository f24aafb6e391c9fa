/**
 * `npm run bench`: every benchmark in this folder, one after the other, each printing its own
 * baseline from the same run. Run one alone with `node --import tsx bench/<name>.ts`.
 */
import { existsSync } from 'node:fs';

const benches = ['generate', 'diff', 'call-overhead'];
for (const name of benches) {
  const file = new URL(`./${name}.ts`, import.meta.url);
  if (!existsSync(file)) continue;
  console.log(`\n=== ${name}`);
  const mod = (await import(file.href)) as { run?: () => Promise<unknown> };
  if (typeof mod.run === 'function') await mod.run();
}
