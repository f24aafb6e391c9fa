import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
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
  const dir = resolve(config.root, folder);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    throw new CodegenError(
      `--from ${folder}: cannot read the folder (${(error as Error).message})`,
      {
        hint: 'pass the folder recordResults() writes to',
      },
    );
  }
  const results: SampledResult[] = [];
  for (const name of names) {
    let value: unknown;
    try {
      value = JSON.parse(await readFile(join(dir, name), 'utf8'));
    } catch {
      value = undefined;
    }
    if (!isObject(value) || value.format !== RECORDING_FORMAT || typeof value.tool !== 'string') {
      warn(`--from ${folder}: ${name} is not a recording of mcp-codegen/record; skipped`);
      continue;
    }
    results.push({ tool: value.tool, raw: value.result });
  }
  const source = server.source;
  const file = resolve(
    config.root,
    'snapshot' in source ? source.snapshot : (server.snapshot ?? `${server.out}/snapshot.json`),
  );
  return { results, snapshot: existsSync(file) ? await readSnapshotFile(file) : undefined };
}
