import { resolve } from 'node:path';
import { quote as shellQuote } from 'shlex';
import type { HttpSource, ServerJsonSource, StdioSource } from '../../config/types.js';
import { CodegenError } from '../../shared/errors.js';
import { visible } from '../../shared/hidden-text.js';
import type { Environment } from '../../shared/host.js';
import { ambiguities } from './ambiguity.js';
import { checkPackageNames, packageCommand } from './command.js';
import { fillKeyValues, fillUrl, type Fill } from './fill.js';
import type { Filled } from './inputs.js';
import { readServerJson } from './read.js';
import { selectEntry, unrunnable, type Entry } from './select.js';
import type { ServerJson, ServerJsonProvenance } from './types.js';

/** A source whose values are final: `${NAME}` in them is text, not a reference (transport.ts). */
type FinalSource = (StdioSource | HttpSource) & { verbatim: true };

/** How to run what a server.json describes, decided before anything starts. */
export interface ServerJsonPlan {
  /** How discovery reaches the server. */
  target: FinalSource;
  /** A package reached over HTTP: the process to start first, and stop after. */
  launch?: { command: string; args: string[]; env: Record<string, string> };
  /** The server in progress lines and messages: its name and what runs, without secrets. */
  label: string;
  provenance: ServerJsonProvenance;
  /** Which entry runs, said once: `server.json io.github.x/y 1.0.0: packages[0] (npm x@1.0.0, stdio)`. */
  choice: string;
  warnings: string[];
  /** The command line or URL and headers, and what was left out: what `--print-command` prints, secrets as ***. */
  shown: string[];
}

/**
 * Read a server.json and decide how to run the entry chosen: every value filled from the file,
 * the environment or a default, and checked, so a missing required variable is an error (exit 2)
 * before anything starts.
 */
export async function planServerJson(
  source: ServerJsonSource,
  options: { cwd: string; env: Environment },
): Promise<ServerJsonPlan> {
  const sj = await readServerJson(resolve(options.cwd, source.serverJson));
  const entry = selectEntry(sj, source.package);
  const fill: Fill = { file: sj.file, env: options.env, known: new Map(), omitted: [] };
  const plan =
    entry.kind === 'package'
      ? planPackage(sj, entry, source, fill, options.cwd)
      : planRemote(sj, entry, source, fill);
  const skipped = source.package === undefined ? unrunnable(sj) : [];
  const left = fill.omitted.map((o) => `left out: ${o}`);
  return {
    ...plan,
    warnings: [...skipped, ...plan.warnings],
    shown: [plan.choice, ...plan.shown, ...left],
  };
}

type Planned = Omit<ServerJsonPlan, 'shown'> & { shown: string[] };

function planPackage(
  sj: ServerJson,
  entry: Extract<Entry, { kind: 'package' }>,
  source: ServerJsonSource,
  fill: Fill,
  cwd: string,
): Planned {
  const { pkg, index } = entry;
  const at = `/packages/${index}`;
  checkPackageNames(pkg, at, source.version, sj.file);
  const command = packageCommand(pkg, at, source.version, fill);
  const env = Object.fromEntries(Object.entries(command.env).map(([k, v]) => [k, v.value]));
  const argv = [command.command, ...command.args.map((a) => a.value)];
  const shown = [
    `command: ${[command.command, ...command.args.map((a) => a.shown)].map(shellQuote).map(visible).join(' ')}`,
    ...Object.entries(command.env).map(([name, v]) => `env: ${name}=${visible(v.shown)}`),
  ];
  const provenance: ServerJsonProvenance = {
    serverJson: {
      ...about(sj),
      package: {
        registryType: pkg.registryType,
        identifier: pkg.identifier,
        ...((source.version ?? pkg.version) !== undefined
          ? { version: source.version ?? pkg.version }
          : {}),
      },
    },
  };
  const base = {
    label: `${visible(sj.name)} (${visible(command.spec)})`,
    provenance,
    choice: `${said(sj)}: packages[${index}] (${pkg.registryType} ${visible(command.spec)}, ${pkg.transport.type})${alternatives(sj, source)}`,
    warnings: ambiguities(pkg, at, cwd),
  };
  if (pkg.transport.type === 'stdio')
    return { ...base, target: { stdio: argv, env, verbatim: true }, shown };
  const url = fillUrl(pkg.transport.url!, {}, `${at}/transport/url`, fill);
  const headers = fillKeyValues(
    'header',
    pkg.transport.headers ?? [],
    `${at}/transport/headers`,
    fill,
  );
  return {
    ...base,
    target: http(pkg.transport.type, url, headers),
    launch: { command: command.command, args: argv.slice(1), env },
    shown: [...shown, ...reached(pkg.transport.type, url, headers)],
  };
}

function planRemote(
  sj: ServerJson,
  entry: Extract<Entry, { kind: 'remote' }>,
  source: ServerJsonSource,
  fill: Fill,
): Planned {
  if (source.version !== undefined)
    throw new CodegenError(
      `${sj.file}: the version to run (${visible(source.version)}) applies to a package, and remotes[${entry.index}] is a remote`,
      {
        hint: 'drop the version, or choose a package: npm, pypi or oci (mcp-codegen snapshot --package)',
      },
    );
  const { remote, index } = entry;
  const at = `/remotes/${index}`;
  const url = fillUrl(remote.url, remote.variables, `${at}/url`, fill);
  const headers = fillKeyValues('header', remote.headers, `${at}/headers`, fill);
  return {
    target: http(remote.type, url, headers),
    label: `${visible(sj.name)} (remote ${visible(remote.url)})`,
    provenance: { serverJson: { ...about(sj), remote: { type: remote.type, url: remote.url } } },
    choice: `${said(sj)}: remotes[${index}] (${remote.type} ${visible(url.shown)})${alternatives(sj, source)}`,
    warnings: [],
    shown: reached(remote.type, url, headers),
  };
}

function http(
  type: 'streamable-http' | 'sse',
  url: Filled,
  headers: Record<string, Filled>,
): FinalSource {
  return {
    url: url.value,
    transport: type,
    headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.value])),
    verbatim: true,
  };
}

function reached(type: string, url: Filled, headers: Record<string, Filled>): string[] {
  return [
    `url: ${visible(url.shown)} (${type})`,
    ...Object.entries(headers).map(([name, v]) => `header: ${name}: ${visible(v.shown)}`),
  ];
}

function about(sj: ServerJson): { name: string; version?: string } {
  return { name: sj.name, ...(sj.version !== undefined ? { version: sj.version } : {}) };
}

function said(sj: ServerJson): string {
  return `server.json ${visible(sj.name)}${sj.version ? ` ${visible(sj.version)}` : ''}`;
}

function alternatives(sj: ServerJson, source: ServerJsonSource): string {
  const entries = sj.packages.length + sj.remotes.length;
  return source.package === undefined && entries > 1
    ? `; of ${entries} entries, package: 'npm' | 'pypi' | 'oci' | 'remote' (mcp-codegen snapshot --package) chooses another`
    : '';
}
