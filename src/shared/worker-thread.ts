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
 * How many threads to use: one per core (at most 4), or `MCP_CODEGEN_WORKERS` when set (tests use it
 * to check that 1 and 2 threads write the same bytes). 1 means no worker thread at all.
 */
export function workerCount(): number {
  const set = Number(process.env.MCP_CODEGEN_WORKERS);
  if (Number.isInteger(set) && set >= 1) return Math.min(set, 16);
  return Math.max(1, Math.min(availableParallelism(), 4));
}
