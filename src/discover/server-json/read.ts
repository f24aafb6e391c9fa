import { describe, object } from '../../config/values.js';
import { InputError } from '../../shared/errors.js';
import { quote, visible } from '../../shared/hidden-text.js';
import { readJsonFile } from '../../shared/json.js';
import { pointer } from '../../shared/pointer.js';
import type {
  InputFormat,
  KeyValueInput,
  RegistryArgument,
  RegistryInput,
  RegistryPackage,
  RegistryRemote,
  RegistryTransport,
  ServerJson,
} from './types.js';

const FORMATS: readonly InputFormat[] = ['string', 'number', 'boolean', 'filepath'];
const TRANSPORTS = ['stdio', 'streamable-http', 'sse'] as const;

/** The names schema 2025-07-09 used, renamed to camelCase on 2025-09-16: a file still using one is out of date. */
const SNAKE_CASE: Readonly<Record<string, string>> = {
  registry_type: 'registryType',
  registry_name: 'registryType',
  registry_base_url: 'registryBaseUrl',
  runtime_hint: 'runtimeHint',
  runtime_arguments: 'runtimeArguments',
  package_arguments: 'packageArguments',
  environment_variables: 'environmentVariables',
  is_required: 'isRequired',
  is_secret: 'isSecret',
  is_repeated: 'isRepeated',
  value_hint: 'valueHint',
  transport_type: 'type',
  file_sha256: 'fileSha256',
  website_url: 'websiteUrl',
  version_detail: 'version',
};

const WHERE =
  'serverJson (mcp-codegen snapshot --server-json) is a path to a registry server.json, relative to the config file (or to the current folder on the command line)';

/** Read and check a server.json: what is wrong is named by its JSON pointer (exit 2). */
export async function readServerJson(file: string): Promise<ServerJson> {
  return parseServerJson(await readJsonFile(file, WHERE), file);
}

export function parseServerJson(value: unknown, file: string): ServerJson {
  const root = record(
    value,
    file,
    '',
    'a server.json object with "name" and "packages" or "remotes"',
  );
  const name = text(root, 'name', file, '', true)!;
  const packages = list(root, 'packages', file, '').map((p, i) =>
    readPackage(p, file, pointer('packages', i)),
  );
  const remotes = list(root, 'remotes', file, '').map((r, i) =>
    readRemote(r, file, pointer('remotes', i)),
  );
  if (packages.length === 0 && remotes.length === 0)
    throw invalid(
      file,
      '',
      'lists no packages and no remotes: nothing in it says how to run the server',
      'a server.json that only points to a website cannot be a source; give the server a { stdio } or { url } source instead',
    );
  const version = text(root, 'version', file, '');
  return { file, name, ...(version !== undefined ? { version } : {}), packages, remotes };
}

function readPackage(value: unknown, file: string, at: string): RegistryPackage {
  const obj = record(value, file, at, 'a package { registryType, identifier, version, transport }');
  const version = text(obj, 'version', file, at);
  const runtimeHint = text(obj, 'runtimeHint', file, at);
  if (obj.transport === undefined)
    throw invalid(
      file,
      `${at}/transport`,
      'missing "transport"',
      'add "transport": { "type": "stdio" } (required since schema 2025-09-16)',
    );
  return {
    registryType: text(obj, 'registryType', file, at, true)!,
    identifier: text(obj, 'identifier', file, at, true)!,
    ...(version !== undefined ? { version } : {}),
    ...(runtimeHint !== undefined ? { runtimeHint } : {}),
    transport: readTransport(obj.transport, file, `${at}/transport`),
    runtimeArguments: list(obj, 'runtimeArguments', file, at).map((a, i) =>
      readArgument(a, file, `${at}/runtimeArguments/${i}`),
    ),
    packageArguments: list(obj, 'packageArguments', file, at).map((a, i) =>
      readArgument(a, file, `${at}/packageArguments/${i}`),
    ),
    environmentVariables: keyValues(
      list(obj, 'environmentVariables', file, at),
      file,
      `${at}/environmentVariables`,
    ),
  };
}

function readTransport(value: unknown, file: string, at: string): RegistryTransport {
  const obj = record(value, file, at, 'a transport { type, url? }');
  const type = oneOf(obj, 'type', TRANSPORTS, file, at, true)!;
  if (type === 'stdio') return { type };
  return {
    type,
    url: text(obj, 'url', file, at, true)!,
    headers: keyValues(list(obj, 'headers', file, at), file, `${at}/headers`),
  };
}

function readRemote(value: unknown, file: string, at: string): RegistryRemote {
  const obj = record(value, file, at, 'a remote { type, url, headers? }');
  return {
    type: oneOf(obj, 'type', ['streamable-http', 'sse'] as const, file, at, true)!,
    url: text(obj, 'url', file, at, true)!,
    headers: keyValues(list(obj, 'headers', file, at), file, `${at}/headers`),
    variables: variables(obj, file, at) ?? {},
  };
}

function readArgument(value: unknown, file: string, at: string): RegistryArgument {
  const obj = record(value, file, at, 'an argument { type: "positional" | "named", ... }');
  const type = oneOf(obj, 'type', ['positional', 'named'] as const, file, at, true)!;
  const argument: RegistryArgument = { ...readInput(obj, file, at), type };
  const name = text(obj, 'name', file, at, type === 'named');
  const valueHint = text(obj, 'valueHint', file, at);
  if (name !== undefined) argument.name = name;
  if (valueHint !== undefined) argument.valueHint = valueHint;
  if (type === 'positional' && argument.value === undefined && valueHint === undefined)
    throw invalid(
      file,
      at,
      'a positional argument needs "value" or "valueHint"',
      '"value" is fixed text; "valueHint" names a value the user supplies',
    );
  const repeated = flag(obj, 'isRepeated', file, at);
  if (repeated !== undefined) argument.isRepeated = repeated;
  return argument;
}

/** Environment variables or headers: each an input with a `name`. */
function keyValues(entries: unknown[], file: string, at: string): KeyValueInput[] {
  return entries.map((entry, i) => {
    const input = record(entry, file, `${at}/${i}`, 'an object { name, ... }');
    const name = text(input, 'name', file, `${at}/${i}`, true)!;
    return { ...readInput(input, file, `${at}/${i}`), name };
  });
}

function readInput(obj: Record<string, unknown>, file: string, at: string): RegistryInput {
  const input: RegistryInput = {};
  for (const key of ['description', 'value', 'default'] as const) {
    const found = text(obj, key, file, at, false, true);
    if (found !== undefined) input[key] = found;
  }
  for (const key of ['isRequired', 'isSecret'] as const) {
    const found = flag(obj, key, file, at);
    if (found !== undefined) input[key] = found;
  }
  const format = oneOf(obj, 'format', FORMATS, file, at);
  if (format !== undefined) input.format = format;
  if (obj.choices !== undefined)
    input.choices = list(obj, 'choices', file, at).map((c, i) => {
      if (typeof c !== 'string')
        throw invalid(file, `${at}/choices/${i}`, `expected a string, got ${shown(c)}`);
      return c;
    });
  const vars = variables(obj, file, at);
  if (vars !== undefined) input.variables = vars;
  return input;
}

function variables(
  obj: Record<string, unknown>,
  file: string,
  at: string,
): Record<string, RegistryInput> | undefined {
  if (obj.variables === undefined) return undefined;
  const map = record(
    obj.variables,
    file,
    `${at}/variables`,
    'an object of variable names to inputs',
  );
  const out: Record<string, RegistryInput> = {};
  for (const [name, input] of Object.entries(map)) {
    const where = `${at}/variables${pointer(name)}`;
    out[name] = readInput(record(input, file, where, 'an input { description, ... }'), file, where);
  }
  return out;
}

/** An object whose keys are not the schema's old snake_case names. */
function record(
  value: unknown,
  file: string,
  at: string,
  expected: string,
): Record<string, unknown> {
  const obj = object(value, file, visible(at), expected);
  for (const key of Object.keys(obj)) {
    const renamed = SNAKE_CASE[key];
    if (renamed !== undefined)
      throw invalid(
        file,
        `${at}${pointer(key)}`,
        `"${key}" is a name of the server.json schema before 2025-09-16`,
        `rename it "${renamed}" (the schema's keys are camelCase since 2025-09-16)`,
      );
  }
  return obj;
}

function text(
  obj: Record<string, unknown>,
  key: string,
  file: string,
  at: string,
  required = false,
  emptyAllowed = false,
): string | undefined {
  const value = obj[key];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || (!emptyAllowed && value.trim() === ''))
    throw invalid(
      file,
      `${at}${pointer(key)}`,
      value === undefined ? `missing "${key}"` : `expected a non-empty string, got ${shown(value)}`,
    );
  return value;
}

function flag(obj: Record<string, unknown>, key: string, file: string, at: string) {
  const value = obj[key];
  if (value === undefined || typeof value === 'boolean') return value;
  throw invalid(file, `${at}${pointer(key)}`, `expected true or false, got ${shown(value)}`);
}

function oneOf<T extends string>(
  obj: Record<string, unknown>,
  key: string,
  allowed: readonly T[],
  file: string,
  at: string,
  required = false,
): T | undefined {
  const value = obj[key];
  if (value === undefined && !required) return undefined;
  if ((allowed as readonly unknown[]).includes(value)) return value as T;
  throw invalid(
    file,
    `${at}${pointer(key)}`,
    value === undefined
      ? `missing "${key}"`
      : `expected one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}, got ${shown(value)}`,
  );
}

function list(obj: Record<string, unknown>, key: string, file: string, at: string): unknown[] {
  const value = obj[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value))
    throw invalid(file, `${at}${pointer(key)}`, `expected an array, got ${shown(value)}`);
  return value;
}

/** A server.json is not ours: its names and values are shown escaped, never raw, in a message. */
function invalid(file: string, at: string, problem: string, hint?: string): InputError {
  return new InputError(file, visible(at), problem, hint);
}

function shown(value: unknown): string {
  return typeof value === 'string' ? quote(value) : describe(value);
}
