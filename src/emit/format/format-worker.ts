/**
 * A formatting worker (format-pool.ts): formats the runs of statements it is sent, one message each,
 * with prettier or (a whole file's statements) the shape formatter. A run that does not parse is
 * answered with `syntax: true`, so the caller can fall back to one call.
 */
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';
import { answer, claim, type FormatReply, type FormatRequest } from './format-pool.js';

// One run at a time, in the order sent: the pool counts on it to balance the threads, and only one
// run's syntax tree is alive at once.
let queue: Promise<void> = Promise.resolve();

parentPort!.on('message', (request: FormatRequest) => {
  queue = queue.then(() => format(request));
});

async function format(request: FormatRequest): Promise<void> {
  if (!claim(request)) {
    parentPort!.postMessage({ id: request.id, taken: true } satisfies FormatReply);
    return;
  }
  parentPort!.postMessage(await answer(request));
}

// Load the parser and printer now, while the main thread is still building the model.
void prettier.format('const warm = 1;\n', { parser: 'babel-ts' }).catch(() => undefined);
