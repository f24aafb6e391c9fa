import { InputError } from '../shared/errors.js';
import { pointer } from '../shared/pointer.js';
import { MAX_JSON_DEPTH, parseJsonText, readJsonFile, tooDeepJson } from '../shared/json.js';
import {
  expectObject,
  expectString,
  kind,
  readPrompt,
  readResource,
  readTemplate,
  readTool,
  uniqueBy,
} from './read-entities.js';
import { readRecorded } from './read-recorded.js';
import { writtenVersion } from './version.js';
import {
  SNAPSHOT_FORMAT,
  SNAPSHOT_VERSION,
  type JsonObject,
  type ProtocolEra,
  type Snapshot,
} from './types.js';

/**
 * Lenient reading: a canonical snapshot, a catalog dump with extra top-level fields, or a bare
 * `tools/list` result are all snapshots. What we cannot use is an error naming the file and the
 * JSON pointer of the problem.
 */
export async function readSnapshotFile(file: string): Promise<Snapshot> {
  const value = await readJsonFile(
    file,
    'check the path, or run `mcp-codegen snapshot` to create it',
  );
  return parseSnapshot(value, file);
}

export function parseSnapshotText(text: string, file: string): Snapshot {
  return parseSnapshot(parseJsonText(text, file), file);
}

export function parseSnapshot(value: unknown, file: string): Snapshot {
  const root = expectObject(
    value,
    file,
    '',
    'a JSON object with a "tools" array (a snapshot or a tools/list result)',
  );
  rejectTooDeep(root, file);
  if (root.format !== undefined && root.format !== SNAPSHOT_FORMAT) {
    throw new InputError(
      file,
      '/format',
      `unknown format ${JSON.stringify(root.format)}`,
      `expected "${SNAPSHOT_FORMAT}"`,
    );
  }
  if (
    root.format === SNAPSHOT_FORMAT &&
    typeof root.version === 'number' &&
    root.version > SNAPSHOT_VERSION
  ) {
    throw new InputError(
      file,
      '/version',
      `snapshot version ${root.version} is newer than this mcp-codegen understands (${SNAPSHOT_VERSION})`,
      'upgrade mcp-codegen',
    );
  }
  if (!Array.isArray(root.tools)) {
    throw new InputError(
      file,
      '/tools',
      root.tools === undefined
        ? 'missing "tools" array'
        : `expected an array, got ${kind(root.tools)}`,
      'a snapshot is a JSON object with a "tools" array, e.g. the result of tools/list',
    );
  }
  const snapshot: Snapshot = {
    format: SNAPSHOT_FORMAT,
    version: 1,
    tools: uniqueBy(
      root.tools.map((t, i) => readTool(t, file, i)),
      (t) => t.name,
      file,
      '/tools',
      'tool name',
    ),
    resources: readList(root, 'resources', file, readResource, (r) => r.uri, 'resource uri'),
    resourceTemplates: readList(
      root,
      'resourceTemplates',
      file,
      readTemplate,
      (r) => r.uriTemplate,
      'uriTemplate',
    ),
    prompts: readList(root, 'prompts', file, readPrompt, (p) => p.name, 'prompt name'),
  };
  if (root.protocolVersion !== undefined)
    snapshot.protocolVersion = expectString(root.protocolVersion, file, '/protocolVersion');
  if (root.era !== undefined && root.era !== null) snapshot.era = readEra(root.era, file);
  const info = root.serverInfo ?? root.server;
  if (info !== undefined) {
    const at = root.serverInfo !== undefined ? '/serverInfo' : '/server';
    const obj = expectObject(info, file, at, 'an object with "name" and "version"');
    snapshot.serverInfo = {
      ...obj,
      name: expectString(obj.name ?? '', file, `${at}/name`),
      version: expectString(obj.version ?? '', file, `${at}/version`),
    };
  }
  if (root.capabilities !== undefined)
    snapshot.capabilities = expectObject(root.capabilities, file, '/capabilities', 'an object');
  if (root.instructions !== undefined && root.instructions !== null) {
    snapshot.instructions = expectString(root.instructions, file, '/instructions');
  }
  readRecorded(root, file, snapshot);
  snapshot.version = writtenVersion(snapshot);
  return snapshot;
}

function readEra(value: unknown, file: string): ProtocolEra {
  if (value === 'legacy' || value === 'modern') return value;
  throw new InputError(
    file,
    '/era',
    `expected "legacy" or "modern", got ${JSON.stringify(value)}`,
    'remove "era", or rediscover the server to write it again',
  );
}

/**
 * Every later stage may recurse over what was read (canonical writing, JSON.stringify, the diff):
 * bounding the nesting here, once, without recursion, keeps all of them off the stack limit.
 */
function rejectTooDeep(root: JsonObject, file: string): void {
  const at = tooDeepJson(root, MAX_JSON_DEPTH);
  if (at === undefined) return;
  const tool = /^\/tools\/(\d+)/.exec(at);
  const name = tool ? (root.tools as Array<{ name?: unknown }>)[Number(tool[1])]?.name : undefined;
  const owner = tool
    ? `tool ${typeof name === 'string' ? JSON.stringify(name) : `#${tool[1]}`}: `
    : '';
  // The pointer of a value 1000 levels down is thousands of characters: show where it starts.
  const shown = at.length > 160 ? `${at.slice(0, 160)}…` : at;
  throw new InputError(
    file,
    shown,
    `${owner}nested deeper than ${MAX_JSON_DEPTH} levels`,
    'no real schema nests this deep; flatten it with $defs and $ref, or fix the server that produced it',
  );
}

function readList<T>(
  root: JsonObject,
  key: string,
  file: string,
  read: (value: unknown, file: string, at: string) => T,
  keyOf: (item: T) => string,
  what: string,
): T[] {
  const value = root[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw new InputError(file, `/${key}`, `expected an array, got ${kind(value)}`);
  return uniqueBy(
    value.map((item, i) => read(item, file, pointer(key, i))),
    keyOf,
    file,
    `/${key}`,
    what,
  );
}
