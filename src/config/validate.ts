import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { knownKeys, list, unknownKey } from './known-keys.js';
import { checkAggregate, checkRuntime } from './validate-aggregate.js';
import { checkAuth } from './validate-auth.js';
import { checkDiscovery } from './validate-discovery.js';
import { checkServerJsonSource } from './validate-server-json.js';
import { checkShapeConfig } from './validate-shapes.js';
import { checkDocs, checkDocsPlaces } from './validate-docs.js';
import { describe, object } from './values.js';
import { AGENT_SWITCH_KEYS, AGENT_SWITCHES_SHAPE } from './agent-switches.js';
import type { McpCodegenConfig, ServerConfig } from './types.js';

/** Every key each level of the config takes, in the order the README documents them. */
const ROOT_KEYS = ['servers', 'diff', 'lint', 'cache', 'runtime', 'aggregate'] as const;
const SERVER_KEYS = [
  'name',
  'source',
  'snapshot',
  'out',
  'validateOutput',
  'validateInput',
  'guard',
  'layout',
  'agents',
  'errors',
  'discovery',
  'diff',
  'lint',
  'samples',
  'shapes',
  'outputs',
  'mock',
  'docs',
] as const;
const SOURCE_KEYS = {
  snapshot: ['snapshot'],
  stdio: ['stdio', 'env', 'cwd'],
  url: ['url', 'transport', 'headers', 'auth'],
  serverJson: ['serverJson', 'package', 'version'],
} as const;
const ERRORS_KEYS = ['server', 'tools'] as const;
const LAYOUTS = ['single', 'per-tool'];
const TRANSPORTS = ['auto', 'streamable-http', 'sse'];
type SourceKind = keyof typeof SOURCE_KEYS;

/**
 * Check a loaded config's shape, so a typo is reported at its place rather than deep in a later
 * stage: an unknown key at any level is named by its JSON pointer, with the key it most likely meant.
 */
export function validateConfig(value: unknown, file: string): McpCodegenConfig {
  const config = object(
    value,
    file,
    '',
    'the config (export default defineConfig({ servers: [...] }))',
  );
  knownKeys(config, file, '', ROOT_KEYS, 'the config');
  if (!Array.isArray(config.servers) || config.servers.length === 0) {
    throw new InputError(
      file,
      '/servers',
      'expected a non-empty array of servers',
      'add { name, source, out } for each server',
    );
  }
  const names = new Set<string>();
  config.servers.forEach((server, i) => {
    const at = `/servers/${i}`;
    const s = object(server, file, at, 'a server { name, source, out }');
    knownKeys(s, file, at, SERVER_KEYS, 'a server');
    if (typeof s.name !== 'string' || !s.name.trim())
      throw new InputError(file, `${at}/name`, 'expected a non-empty string');
    if (names.has(s.name))
      throw new InputError(file, `${at}/name`, `duplicate server name ${JSON.stringify(s.name)}`);
    names.add(s.name);
    if (typeof s.out !== 'string' || !s.out)
      throw new InputError(file, `${at}/out`, 'expected the output folder as a string');
    if (s.snapshot !== undefined && typeof s.snapshot !== 'string')
      throw new InputError(file, `${at}/snapshot`, 'expected a file path');
    for (const flag of ['validateOutput', 'validateInput'] as const) {
      if (s[flag] !== undefined && typeof s[flag] !== 'boolean')
        throw new InputError(
          file,
          `${at}/${flag}`,
          `expected true or false, got ${describe(s[flag])}`,
        );
    }
    checkBoolean(
      s.guard,
      file,
      `${at}/guard`,
      "`guard: true` makes the guard available; its mode ('warn' | 'block') is the client's option: new Client(mcp, { guard: 'block' })",
    );
    if (s.layout !== undefined && !LAYOUTS.includes(s.layout as string))
      throw new InputError(
        file,
        `${at}/layout`,
        `expected one of ${list(LAYOUTS)}, got ${describe(s.layout)}`,
      );
    if (s.agents !== undefined) checkAgents(s.agents, file, `${at}/agents`);
    checkSource(s.source, file, `${at}/source`);
    if (s.discovery !== undefined) checkDiscovery(s.discovery, file, `${at}/discovery`);
    if (s.errors !== undefined) checkErrors(s.errors, file, `${at}/errors`);
    checkShapeConfig(s, file, at);
    if (s.mock !== undefined) checkMock(s.mock, file, `${at}/mock`);
    if (s.docs !== undefined) checkDocs(s.docs, file, `${at}/docs`);
  });
  if (config.cache !== undefined && config.cache !== false) {
    const cache = object(config.cache, file, '/cache', 'false or { dir }');
    knownKeys(cache, file, '/cache', ['dir'], 'cache');
    if (cache.dir !== undefined && (typeof cache.dir !== 'string' || cache.dir === ''))
      throw new InputError(file, '/cache/dir', 'expected a folder path');
  }
  if (config.runtime !== undefined) checkRuntime(config.runtime, config.servers, file);
  if (config.aggregate !== undefined) checkAggregate(config.aggregate, config.servers, file);
  checkDocsPlaces(config.servers, ownedFolders(config), file);
  return config as unknown as McpCodegenConfig & { servers: ServerConfig[] };
}

/** The folders generate owns (each with a manifest): no server's docs may go inside one. */
function ownedFolders(config: Record<string, unknown>): Array<{ out: string; what: string }> {
  const servers = config.servers as Array<{ name: string; out: string }>;
  const named = (key: 'runtime' | 'aggregate', what: string) => {
    const out = (config[key] as { out?: unknown } | undefined)?.out;
    return typeof out === 'string' ? [{ out, what }] : [];
  };
  return [
    ...servers.map((s) => ({
      out: s.out,
      what: `the output folder of server ${JSON.stringify(s.name)}`,
    })),
    ...named('runtime', 'the shared runtime folder'),
    ...named('aggregate', 'the aggregate output folder'),
  ];
}

/** `mock: true | { client, handlers }`: mock.ts, and what `mcp-codegen mock --server <name>` answers tools/call with. */
function checkMock(value: unknown, file: string, at: string): void {
  if (typeof value === 'boolean') return;
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InputError(
      file,
      at,
      `expected true, false or { handlers, client }, got ${describe(value)}`,
      "`mock: true` adds mock.ts (typed handlers for tests); `mock: { handlers: './test/weather.mock.ts' }` adds it too and names the module `mcp-codegen mock --server` loads",
    );
  const mock = value as Record<string, unknown>;
  knownKeys(mock, file, at, ['handlers', 'client'], 'mock');
  if (mock.handlers !== undefined && (typeof mock.handlers !== 'string' || mock.handlers === ''))
    throw new InputError(file, `${at}/handlers`, 'expected the path of a handler module');
  checkBoolean(
    mock.client,
    file,
    `${at}/client`,
    '`client: false` keeps `handlers` for `mcp-codegen mock` without generating mock.ts',
  );
}

/** An optional switch: absent, true or false. */
function checkBoolean(value: unknown, file: string, at: string, hint: string): void {
  if (value !== undefined && typeof value !== 'boolean')
    throw new InputError(file, at, `expected true or false, got ${describe(value)}`, hint);
}

function checkSource(value: unknown, file: string, at: string): void {
  const source = object(
    value,
    file,
    at,
    'a source: { snapshot }, { stdio }, { url } or { serverJson }',
  );
  const kinds = (Object.keys(SOURCE_KEYS) as SourceKind[]).filter((k) => source[k] !== undefined);
  // With one kind given, a key of another kind is a mix-up, not a typo; with none, any key may be meant.
  const kind = kinds.length === 1 ? kinds[0] : undefined;
  const allowed: readonly string[] = kind ? SOURCE_KEYS[kind] : Object.values(SOURCE_KEYS).flat();
  for (const key of Object.keys(source)) {
    if (allowed.includes(key)) continue;
    const owner = (Object.keys(SOURCE_KEYS) as SourceKind[]).find((k) =>
      (SOURCE_KEYS[k] as readonly string[]).includes(key),
    );
    if (kind && owner) {
      throw new InputError(
        file,
        `${at}/${pointerToken(key)}`,
        `"${key}" belongs to a ${owner} source, not a ${kind} source`,
        `a ${kind} source takes ${list(SOURCE_KEYS[kind])}`,
      );
    }
    unknownKey(key, file, at, allowed, kind ? `a ${kind} source` : 'a source');
  }
  if (kinds.length !== 1) {
    throw new InputError(
      file,
      at,
      `expected exactly one of "snapshot", "stdio", "url" or "serverJson", got ${kinds.length ? kinds.join(', ') : 'none'}`,
    );
  }
  if (kind === 'serverJson') checkServerJsonSource(source, file, at);
  if (source.snapshot !== undefined && typeof source.snapshot !== 'string')
    throw new InputError(file, `${at}/snapshot`, 'expected a file path');
  if (source.url !== undefined) {
    if (typeof source.url !== 'string')
      throw new InputError(file, `${at}/url`, 'expected a URL string');
    try {
      new URL(source.url);
    } catch {
      throw new InputError(file, `${at}/url`, `not a valid URL: ${JSON.stringify(source.url)}`);
    }
    if (source.transport !== undefined && !TRANSPORTS.includes(source.transport as string)) {
      throw new InputError(
        file,
        `${at}/transport`,
        `expected one of ${list(TRANSPORTS)}, got ${describe(source.transport)}`,
      );
    }
    stringRecord(source.headers, file, `${at}/headers`, 'header names to values');
    if (source.auth !== undefined) checkAuth(source.auth, source.headers, file, `${at}/auth`);
  }
  if (source.stdio !== undefined) {
    const ok =
      typeof source.stdio === 'string'
        ? source.stdio.trim() !== ''
        : Array.isArray(source.stdio) &&
          source.stdio.length > 0 &&
          source.stdio.every((a) => typeof a === 'string');
    if (!ok)
      throw new InputError(
        file,
        `${at}/stdio`,
        'expected a command line string or a non-empty array of strings',
      );
    if (source.cwd !== undefined && typeof source.cwd !== 'string')
      throw new InputError(
        file,
        `${at}/cwd`,
        'expected a folder path, relative to the config file',
      );
    stringRecord(source.env, file, `${at}/env`, 'variable names to values');
  }
}

function checkAgents(value: unknown, file: string, at: string): void {
  const agents = object(value, file, at, AGENT_SWITCHES_SHAPE);
  knownKeys(agents, file, at, AGENT_SWITCH_KEYS, 'agents');
  for (const flag of AGENT_SWITCH_KEYS) {
    if (agents[flag] !== undefined && typeof agents[flag] !== 'boolean')
      throw new InputError(
        file,
        `${at}/${flag}`,
        `expected true or false, got ${describe(agents[flag])}`,
      );
  }
}

function checkErrors(value: unknown, file: string, at: string): void {
  const errors = object(value, file, at, 'error codes { server?, tools? }');
  knownKeys(errors, file, at, ERRORS_KEYS, 'errors');
  stringRecord(errors.server, file, `${at}/server`, 'error codes to descriptions');
  if (errors.tools === undefined) return;
  const tools = object(errors.tools, file, `${at}/tools`, 'tool names to { code: description }');
  for (const [name, codes] of Object.entries(tools))
    stringRecord(codes, file, `${at}/tools/${pointerToken(name)}`, 'error codes to descriptions');
}

function stringRecord(value: unknown, file: string, at: string, what: string): void {
  if (value === undefined) return;
  const record = object(value, file, at, `an object of ${what}`);
  for (const [key, v] of Object.entries(record)) {
    if (typeof v !== 'string')
      throw new InputError(
        file,
        `${at}/${pointerToken(key)}`,
        `expected a string, got ${describe(v)}`,
      );
  }
}
