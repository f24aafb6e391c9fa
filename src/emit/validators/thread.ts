import type { Worker } from 'node:worker_threads';
import { startWorker } from '../../shared/worker-thread.js';
import { emitValidatorModule, type ValidatorEntry, type ValidatorModule } from '../validators.js';
import { compiledFromJson, compiledToJson, type CompileMemo } from './memo.js';

export interface ThreadRequest {
  /** The entries as JSON text. */
  entries: string;
  memo?: Array<[string, unknown]>;
}
export type ThreadReply =
  { module: ValidatorModule; used?: Array<[string, unknown]> } | { error: string };

/**
 * Ajv's compilation on a thread of its own, so it runs beside the types, the tool and client files
 * and their formatting instead of before them. The module is the same text wherever it is compiled.
 * Started early (it loads Ajv while the model is built); with `threads` 1 it compiles in this thread.
 */
export class ValidatorThread {
  readonly #worker: Worker | undefined;

  constructor(threads: number) {
    if (threads <= 1) return;
    this.#worker = startWorker(import.meta.url, new URL('./thread-worker.js', import.meta.url));
    this.#worker.unref();
  }

  async emit(entries: ValidatorEntry[], memo?: CompileMemo): Promise<ValidatorModule> {
    const worker = this.#worker;
    if (worker === undefined) return emitValidatorModule(entries, memo);
    const request: ThreadRequest = {
      entries: JSON.stringify(entries),
      ...(memo && { memo: [...memo.known].map(([key, c]) => [key, compiledToJson(c)]) }),
    };
    worker.ref();
    try {
      const reply = await new Promise<ThreadReply>((resolve, reject) => {
        const onError = (error: Error) => {
          worker.off('message', onMessage);
          reject(error);
        };
        const onMessage = (message: ThreadReply) => {
          worker.off('error', onError);
          resolve(message);
        };
        worker.once('message', onMessage);
        worker.once('error', onError);
        worker.postMessage(request);
      });
      if ('error' in reply) throw new Error(`the validator thread failed: ${reply.error}`);
      for (const [key, value] of reply.used ?? []) {
        const compiled = compiledFromJson(value);
        if (compiled !== undefined) memo?.used.set(key, compiled);
      }
      return reply.module;
    } finally {
      // One module a thread: it ends once it has answered, so its heap (the schemas, Ajv) is given
      // back while the other files are still being formatted, not held to the end of the run.
      await worker.terminate();
    }
  }

  async close(): Promise<void> {
    await this.#worker?.terminate();
  }
}
