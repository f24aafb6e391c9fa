/**
 * What the libraries a cold `generate` is specified to use cost by themselves on the corpus, each
 * timed alone in one fresh process (so their code is as cold as in a real run):
 *  - json-schema-to-typescript compiling the corpus's definitions (src/schema/compile.ts);
 *  - prettier formatting the types it printed, with the options and runs of the timed run's types.ts.
 * (Validators are schemas as data since issue 33: no library compiles them at generation time.)
 * Each is given as wall time on its one thread and as CPU time of the whole process, which adds the
 * work V8 does beside it (garbage collection, optimising compilers) on the other cores. The CPU sum
 * is work no scheduling removes: on N cores a cold run takes at least that sum / N, the floor
 * bench/openapi-peer.ts sets beside its target. The model mcp-codegen builds first is timed too, for
 * reference, and left out of the floor.
 *
 *   node --import tsx bench/core-floor.ts <catalog.json> <out dir>     (prints one JSON line, in ms)
 */
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';

export interface Spent {
  wall: number;
  cpu: number;
}

export interface CoreFloor {
  /** mcp-codegen's own model of the catalog, which every other stage needs first: not in the floor. */
  model: Spent;
  jsonSchemaToTypescript: Spent;
  prettierTypes: Spent;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Adds the wall and CPU time since `start` (performance.now()) and `cpu` (process.cpuUsage()). */
function addSince(spent: Spent, start: number, cpu: NodeJS.CpuUsage): void {
  spent.wall += performance.now() - start;
  spent.cpu += cpuMs(process.cpuUsage(cpu));
}

/** Times `work`, adding to `spent`. */
async function timed<T>(spent: Spent, work: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const cpu = process.cpuUsage();
  try {
    return await work();
  } finally {
    addSince(spent, start, cpu);
  }
}

async function measure(catalog: string, outDir: string): Promise<CoreFloor> {
  const floor: CoreFloor = {
    model: { wall: 0, cpu: 0 },
    jsonSchemaToTypescript: { wall: 0, cpu: 0 },
    prettierTypes: { wall: 0, cpu: 0 },
  };

  const { readSnapshotFile } = await import('../src/snapshot/read.js');
  const { buildClientModel } = await import('../src/model/build.js');
  const { ADAPTERS } = await import('../src/emit/agents/adapters.js');
  const { compileDefinitions } = await import('../src/schema/compile.js');
  const { paragraphs } = await import('../src/emit/print/paragraphs.js');
  const { FormatPool, formatTypeScript, prettierOptionsFor } =
    await import('../src/emit/format/format.js');

  const snapshot = await readSnapshotFile(catalog);
  const model = await timed(floor.model, () =>
    buildClientModel(snapshot, { name: 'github' }, ADAPTERS),
  );
  const types = await timed(floor.jsonSchemaToTypescript, async () =>
    paragraphs(await compileDefinitions(model.definitions)),
  );
  // As the timed run formats its types.ts (same options, same runs), on this thread alone.
  const filepath = resolve(outDir, model.files.types);
  const options = await prettierOptionsFor(filepath);
  await timed(floor.prettierTypes, () =>
    formatTypeScript(types, filepath, options, new FormatPool(1)),
  );
  return floor;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [catalog, outDir] = process.argv.slice(2);
  if (catalog === undefined || outDir === undefined)
    throw new Error('usage: bench/core-floor.ts <catalog.json> <output folder of the timed run>');
  console.log(JSON.stringify(await measure(catalog, outDir)));
}
