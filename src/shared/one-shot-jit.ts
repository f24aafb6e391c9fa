import { setFlagsFromString } from 'node:v8';

/**
 * A one-shot `generate` runs each of its functions (ours, json-schema-to-typescript's, prettier's) a
 * few hundred to a few thousand times and exits: V8's optimizing compiler (TurboFan) spends more
 * compiling them than the optimized code saves before the process ends. Paired whole-process runs of
 * `generate --no-cache` on 2 cores (Node 20): a GitHub slice of 130 tools took 0.75× the wall time
 * with `--no-opt` (Node 24: 0.76×); the 1,223-tool corpus (7.9 MB of snapshot) 0.89–0.95× the CPU
 * time, but that corpus twice over (15.8 MB) 1.03–1.06×: optimized code pays off on long runs, so
 * it stays on above this many bytes of snapshot, between the two. The baseline compiler (Sparkplug)
 * stays on: without it the 130-tool slice took 1.2×; so does Node 24's Maglev (without it, 1.2×).
 */
export const LARGE_CATALOG_BYTES = 12 * 2 ** 20;

/** Set to `1`, keeps the optimizing compiler on whatever the run (for measuring, or in case of trouble). */
const JIT_ENV = 'MCP_CODEGEN_JIT';

export interface Run {
  /** `generate --watch`, or any command that keeps the process alive: optimized code pays off there. */
  longRunning: boolean;
  /** The bytes of the snapshot files the run reads (0 for one it discovers). */
  catalogBytes: number;
  env: NodeJS.ProcessEnv;
}

export function optimizingCompilerWanted(run: Run): boolean {
  return run.longRunning || run.catalogBytes > LARGE_CATALOG_BYTES || run.env[JIT_ENV] === '1';
}

/**
 * Turns V8's optimizing compiler off for a short run, before the generator is loaded. Node calls
 * changing V8 flags after start-up undefined behaviour; `--no-opt` only stops functions from being
 * optimized from then on (what is optimized already stays, and deoptimizes as usual), which
 * test/one-shot-jit.test.ts checks takes effect on the Node that runs it.
 */
export function tuneCompilerFor(run: Run): void {
  if (!optimizingCompilerWanted(run)) setFlagsFromString('--no-opt');
}
