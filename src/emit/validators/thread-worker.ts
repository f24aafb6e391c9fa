/**
 * The validator thread (thread.ts): compiles the validator module it is sent, one message each.
 * Entries come as JSON text (cheaper to copy than a structured clone of large schemas, and JSON.parse
 * keeps a `__proto__` key a key); the memo as compiledToJson entries.
 */
import { parentPort } from 'node:worker_threads';
import { emitValidatorModule } from '../validators.js';
import { compiledFromJson, compiledToJson, type CompileMemo } from './memo.js';
import type { Compiled } from './compile.js';
import type { ThreadReply, ThreadRequest } from './thread.js';

parentPort!.on('message', (request: ThreadRequest) => {
  try {
    const known = new Map<string, Compiled>();
    for (const [key, value] of request.memo ?? []) {
      const compiled = compiledFromJson(value);
      if (compiled !== undefined) known.set(key, compiled);
    }
    const memo: CompileMemo | undefined =
      request.memo === undefined ? undefined : { known, used: new Map() };
    const module = emitValidatorModule(JSON.parse(request.entries), memo);
    const used =
      memo && [...memo.used].map(([key, c]): [string, unknown] => [key, compiledToJson(c)]);
    parentPort!.postMessage({ module, used } satisfies ThreadReply);
  } catch (error) {
    parentPort!.postMessage({
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    } satisfies ThreadReply);
  }
});
