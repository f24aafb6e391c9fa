import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * A smaller young generation than V8 gives a thread by default: each thread's is mostly garbage at
 * any moment (prettier's syntax trees, Ajv's code), and with three threads alive it was 20 MiB of a
 * cold run's peak on the 1,223-tool corpus. Medians of paired cold runs on it: 16 MiB against the
 * default, 397 against 418 MiB, time unchanged; 12 MiB against 16, 385 against 394 MiB, time 1.00×
 * (8 pairs); 8 MiB against 16, 386 against 400 MiB, time 1.04× (8 pairs).
 */
const LIMITS = { maxYoungGenerationSizeMb: 12 };

/**
 * A worker thread running `compiled` (written `new URL('./x-worker.js', import.meta.url)` by the
 * caller, a form bundlers and knip follow). When the caller runs from sources (tests under tsx,
 * `callerUrl` ends in `.ts`) the worker runs the `.ts` file instead, which it can only load once tsx's
 * loader is registered in it (workers do not inherit loader hooks).
 */
export function startWorker(callerUrl: string, compiled: URL): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(compiled, { resourceLimits: LIMITS });
  const file = compiled.href.replace(/\.js$/, '.ts');
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(file)}); });`;
  return new Worker(boot, { eval: true, resourceLimits: LIMITS });
}

/**
 * Below this much schema text (about the JSON characters of the tools) a cold run is faster on one
 * thread: starting workers and loading prettier and Ajv in them again costs more than the work they
 * take over. bench/threads.ts, paired whole-process medians on 2 cores: one thread took 0.82–0.91× the
 * threaded time on the shared catalogs of 8 to 90 KB (and 25–30% less memory), 0.98–1.03× on GitHub
 * slices of 95 and 177 KB, and 1.03–1.04× from 315 KB (a 51-tool slice, the 575 KB azure catalog).
 */
export const SMALL_WORK = 200_000;

/**
 * How many threads to use: one per core (at most 4), or one for a run with less than SMALL_WORK of
 * `work` (when the caller knows it), or `MCP_CODEGEN_WORKERS` when set (tests use it to check that 1
 * and 2 threads write the same bytes). 1 means no worker thread at all.
 */
export function workerCount(work?: number): number {
  const set = Number(process.env.MCP_CODEGEN_WORKERS);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, 16);
  if (work !== undefined && work < SMALL_WORK) return 1;
  return Math.max(1, Math.min(availableParallelism(), 4));
}
