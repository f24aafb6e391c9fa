import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../shared/atomic.js';

/** What the generated client's `onResult` hook passes (restated: src/ never imports a template). */
export interface RecordedEvent {
  readonly tool: string;
  readonly arguments: unknown;
  readonly result: unknown;
}

export const RECORDING_FORMAT = 'mcp-codegen/recording';

export interface Recorder {
  /** Pass as the client's `onResult` option. */
  onResult(event: RecordedEvent): void;
  /** Resolves when every recording so far is on disk; rejects with the first write that failed. */
  flush(): Promise<void>;
}

/**
 * `mcp-codegen/record`: writes what a generated client's `onResult` hook sees to `folder`, one
 * JSON file a result, for `mcp-codegen sample --from <folder>` to merge like live samples. The hook
 * never sees headers or transport details, only the tool, the arguments' shape and the result; the
 * result's values stay in this folder (keep it out of version control), and `sample` puts only
 * their shape in the shapes file. Files are named by a digest of their content, never by the
 * server's tool name, so the same result is recorded once and a name cannot reach the file system.
 *
 *   const recorder = recordResults('mcp-recordings');
 *   const client = new WeatherClient(mcp, { onResult: recorder.onResult });
 */
export function recordResults(folder: string): Recorder {
  const dir = resolve(folder);
  const pending: Array<Promise<void>> = [];
  return {
    onResult(event) {
      const text =
        JSON.stringify(
          {
            format: RECORDING_FORMAT,
            version: 1,
            tool: event.tool,
            arguments: event.arguments,
            result: event.result,
          },
          null,
          2,
        ) + '\n';
      const name = createHash('sha256').update(text).digest('hex').slice(0, 24);
      const write = writeFileAtomic(join(dir, `${name}.json`), text);
      write.catch(() => undefined); // reported by flush()
      pending.push(write);
    },
    async flush() {
      await Promise.all(pending.splice(0));
    },
  };
}
