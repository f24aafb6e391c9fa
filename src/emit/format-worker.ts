/**
 * A formatting worker (format-pool.ts): formats the runs of statements it is sent, one message each.
 * A run that does not parse is answered with `syntax: true`, so the caller can fall back to one call.
 */
import { parentPort } from 'node:worker_threads';
import * as prettier from 'prettier';
import type { FormatReply, FormatRequest } from './format-pool.js';

parentPort!.on('message', (request: FormatRequest) => {
  prettier.format(request.source, request.options).then(
    (text) => parentPort!.postMessage({ id: request.id, text } satisfies FormatReply),
    (error: unknown) => {
      const syntax = error instanceof SyntaxError;
      parentPort!.postMessage({
        id: request.id,
        syntax,
        error: String(error),
      } satisfies FormatReply);
    },
  );
});

// Load the parser and printer now, while the main thread is still building the model.
void prettier.format('const warm = 1;\n', { parser: 'babel-ts' }).catch(() => undefined);
