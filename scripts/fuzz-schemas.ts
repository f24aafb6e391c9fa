/**
 * The property test of issue 10 at any size and seed:
 *   node --import tsx scripts/fuzz-schemas.ts [--seed N] [--tools N] [--samples N] [--runs N]
 * Each run generates one catalog of random tools (random input and output schemas), generates its
 * client, compiles it with the sampled instances under tsc --strict, and validates the instances with
 * the generated runtime validator. A failing run writes its catalog to test/.tmp/fuzz-<seed>.json.
 * Exit 0 when every run passes, 1 otherwise.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runProperty, splitRejections } from '../test/helpers/property-run.js';
import { tmpRoot } from '../test/helpers/paths.js';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    tools: { type: 'string', default: '300' },
    samples: { type: 'string', default: '3' },
    runs: { type: 'string', default: '1' },
  },
});
const first = Number(values.seed);
let failed = 0;
for (let run = 0; run < Number(values.runs); run++) {
  const seed = first + run;
  let line: string;
  try {
    const report = await runProperty({
      seed,
      tools: Number(values.tools),
      samples: Number(values.samples),
      dir: join(tmpRoot, `fuzz-${seed}`),
    });
    const { inherited, other } = splitRejections(report.rejected);
    const ok = report.tsc.ok && other.length === 0;
    line = `seed ${seed}: ${report.tools} tools, ${report.instances} instances, tsc ${report.tsc.ok ? 'ok' : 'FAILED'}, ${other.length} rejected, ${inherited.length} rejected over inherited names (runtime item)`;
    if (!ok) {
      failed++;
      const file = join(tmpRoot, `fuzz-${seed}.json`);
      await writeFile(file, report.catalog);
      line += `\n  catalog: ${file}\n${report.tsc.ok ? '' : report.tsc.output.slice(0, 3000)}${other
        .slice(0, 5)
        .map((r) => `  ${r.tool} ${r.schema}: ${JSON.stringify(r.issues).slice(0, 400)}`)
        .join('\n')}`;
    }
  } catch (error) {
    failed++;
    line = `seed ${seed}: generation threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
  }
  console.log(line);
}
process.exitCode = failed ? 1 : 0;
