import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { snapshotFileOf } from '../config/shapes-path.js';
import type { ResolvedConfig, ServerConfig } from '../config/types.js';
import { RECORDING_FORMAT } from './record.js';
import type { SampledResult } from './overrides.js';
import { CodegenError } from '../shared/errors.js';
import { isObject } from '../shared/json.js';
import { readSnapshotFile } from '../snapshot/read.js';
import type { Snapshot } from '../snapshot/types.js';

/**
 * `sample --from <folder>`: the results `mcp-codegen/record` wrote, in file-name order (names are
 * digests, so the order is the content's, not the clock's), and the server's committed snapshot
 * when there is one (for the server version, and to leave tools with a declared outputSchema alone).
 * Nothing is called. A file that is not a recording is reported and skipped.
 */
export async function readRecordings(
  folder: string,
  server: ServerConfig,
  config: ResolvedConfig,
  warn: (line: string) => void,
): Promise<{ results: SampledResult[]; snapshot: Snapshot | undefined }> {
  const recordings = await readRecordingFolder(resolve(config.root, folder), folder, warn);
  const results: SampledResult[] = recordings.map((r) => ({ tool: r.tool, raw: r.result }));
  const file = snapshotFileOf(config, server);
  return { results, snapshot: existsSync(file) ? await readSnapshotFile(file) : undefined };
}

/** One file of a `mcp-codegen/record` folder: the tool, the shape of its arguments, the raw result. */
export interface Recording {
  readonly tool: string;
  readonly arguments: unknown;
  readonly result: unknown;
}

/**
 * The recordings of `dir` (named `label` in messages), in file-name order: names are digests, so
 * the order is the content's, not the clock's. A file that is not a recording is reported and skipped.
 */
export async function readRecordingFolder(
  dir: string,
  label: string,
  warn: (line: string) => void,
): Promise<Recording[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new CodegenError(
      `--from ${label}: cannot read the folder (${(error as Error).message})`,
      {
        hint: 'pass the folder recordResults() writes to',
      },
    );
  }
  const recordings: Recording[] = [];
  for (const name of names) {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(join(dir, name), 'utf8'));
    } catch {
      value = undefined;
    }
    if (!isObject(value) || value.format !== RECORDING_FORMAT || typeof value.tool !== 'string') {
      warn(`--from ${label}: ${name} is not a recording of mcp-codegen/record; skipped`);
      continue;
    }
    recordings.push({ tool: value.tool, arguments: value.arguments, result: value.result });
  }
  return recordings;
}
