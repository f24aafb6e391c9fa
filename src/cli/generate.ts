import { stat } from 'node:fs/promises';
import { basename, resolve } from 'node:path';
import type { DiscoveryOptions, ResolvedConfig } from '../config/types.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import type { GenerateResult } from '../generate/types.js';
import { tuneCompilerFor } from '../shared/one-shot-jit.js';
import { plural } from '../shared/plural.js';
import { defineCommand } from './args.js';
import { discoveryAuth } from './discovery-auth.js';
import { DEFAULT_MAX_PAGES, DEFAULT_TIMEOUT_MS } from '../discover/defaults.js';
import { DISCOVERY_FLAGS, discoveryFlags } from './discovery-flags.js';
import type { Command, Io } from './io.js';

const help = `Usage:
  mcp-codegen generate [--config <file>] [--server <name>]... [--check | --watch] [--offline]
                       [--layout single|per-tool] [--timeout <ms>] [--max-pages <n>] [--era auto|legacy|modern]
  mcp-codegen generate --snapshot <file> --out <dir> [--name <Name>] [--layout single|per-tool] [--check]

Generate a typed TypeScript client for each server in the config (mcp-codegen.config.ts, found
from the current folder upwards), or for one snapshot file without a config.

Options:
  --config <file>     Use this config file instead of searching for one.
  --server <name>     Only this server from the config (repeatable).
  --snapshot <file>   Generate from this snapshot (or any tools/list result JSON), no config needed.
  --out <dir>         With --snapshot: the output folder.
  --name <Name>       With --snapshot: the server name; the class is <Name>Client (default: from the file name).
  --check             Write nothing; compare what would be generated with what is on disk and list
                      stale, missing or obsolete files. Exit 1 if any, 0 if everything is fresh.
                      When the inputs hash as the folder's manifest records, decided from hashes
                      without generating.
  --watch             Generate, then keep watching: regenerate when the config, a snapshot file or
                      a shapes file changes, and, for a live source, when the server sends
                      list_changed (a session stays open; a server that goes away is reconnected
                      with backoff, its last client kept). One line on stdout per regeneration;
                      a failed one writes nothing and the watch goes on. Ctrl-C stops it (exit 0).
  --offline           Never contact a server: live sources generate from their committed snapshot.
                      With --check, a snapshot taken as another client than the config's
                      discovery.capabilities declare is stale too (exit 1): rediscover it.
  --layout <layout>   single: tools.ts holds every tool; per-tool: one file a tool under tools/, with
                      catalog.json and README.md for agents. Overrides each server's \`layout\` for this run.
  --timings           Print time spent per stage, start-up included.
  --no-cache          Generate from scratch: ignore and do not use the output cache, nor, with
                      --check, the manifest's hashes (a run with an unchanged catalog, options and
                      prettier config otherwise reuses the last output from
                      node_modules/.cache/mcp-codegen without loading the generator).
  --quiet             Print only errors.
  -h, --help          Show this help.

Discovery, for servers with a live source (stdio or url); each flag overrides the config's
discovery option of the same name for this run:
  --timeout <ms>      How long to wait for each answer (discovery.timeoutMs; default ${DEFAULT_TIMEOUT_MS}).
  --max-pages <n>     Stop a list still paging after n pages (discovery.maxPages; default ${DEFAULT_MAX_PAGES}).
  --era <era>         auto (default): the 2026-07-28 era (server/discover) when the server offers
                      it, else initialize; legacy or modern pin one (discovery.era).

Output per server: index.ts (exports the client and the tool functions), client.ts, tools.ts (or
tools/<tool>.ts, catalog.json and README.md with --layout per-tool), types.ts, runtime.ts; and
for a live source, the snapshot file (commit it; diff it with \`mcp-codegen diff\`); and
mcp-codegen.manifest.json, the record of what the folder was made from and which files are ours
(commit it too). With the server's \`docs: { out, format }\`, its reference (\`mcp-codegen docs\`)
is written beside the client, outside its folder, and --check checks it too. Files whose content
did not change are not rewritten; files generated before and no longer generated are removed (a
file you added is never touched).

Authentication: a url source's \`auth\` (oauth, clientCredentials, bearer). An oauth login is
stored by \`mcp-codegen login <server>\`; at a terminal a missing one is done in the browser, and
anywhere else (CI) it is exit 4 at once. --offline never needs one.

Exit codes: 0 ok, 1 stale (--check), 2 usage/config/input error, 3 server error,
4 authentication needed or refused.
`;

export const generateCommand: Command = defineCommand(
  'generate',
  help,
  {
    config: { type: 'string' },
    server: { type: 'string', multiple: true },
    snapshot: { type: 'string' },
    out: { type: 'string' },
    name: { type: 'string' },
    check: { type: 'boolean' },
    watch: { type: 'boolean' },
    offline: { type: 'boolean' },
    timings: { type: 'boolean' },
    quiet: { type: 'boolean' },
    'no-cache': { type: 'boolean' },
    layout: { type: 'string' },
    ...DISCOVERY_FLAGS,
  },
  async ({ values }, io) => {
    // Node's clock starts with the process: this is the start-up (node itself, then our modules).
    const startup = performance.now();
    const load = async () =>
      withLayout(
        withDiscovery(
          await configFrom(values, io),
          discoveryFlags('generate', values),
          values.snapshot !== undefined,
        ),
        values.layout,
      );
    if (values.watch) return (await import('./watch.js')).runWatch(load, values, io);
    const config = await load();
    if (io.oneShotProcess)
      tuneCompilerFor({
        longRunning: false,
        catalogBytes: await catalogBytes(config),
        env: io.env,
      });
    const configMs = performance.now() - startup;
    // Loaded here, not at the top: prettier, Ajv and json-schema-to-typescript take a while to load, and other commands never need them.
    const { generate } = await import('../generate/generate.js');
    const log = values.quiet ? undefined : (line: string) => io.stderr.write(`${line}\n`);
    const result = await generate({
      config,
      check: values.check ?? false,
      offline: values.offline ?? false,
      ...(values.server ? { only: values.server } : {}),
      env: io.env,
      ...(log ? { log, progress: io.stderr } : {}),
      warn: (line: string) => io.stderr.write(`warning: ${line}\n`),
      cache: values['no-cache'] !== true,
      auth: discoveryAuth(io),
    });
    if (values.timings) io.stderr.write(formatTimings(result, startup, configMs));
    return report(result, values.check ?? false, io, values.quiet ?? false);
  },
);

async function configFrom(
  values: { config?: string; snapshot?: string; out?: string; name?: string; server?: string[] },
  io: Io,
): Promise<ResolvedConfig> {
  if (values.snapshot === undefined) {
    if (values.out !== undefined || values.name !== undefined) {
      throw new CodegenError('generate: --out and --name go with --snapshot', {
        hint: 'run `mcp-codegen generate --help`',
      });
    }
    const { loadConfig } = await import('../config/load.js');
    return loadConfig({ cwd: io.cwd, ...(values.config ? { file: values.config } : {}) });
  }
  if (values.config !== undefined || values.server !== undefined) {
    throw new CodegenError('generate: --snapshot cannot be combined with --config or --server', {
      hint: 'use one or the other',
    });
  }
  if (!values.out)
    throw new CodegenError('generate: --snapshot needs --out <dir>', {
      hint: 'e.g. --out src/mcp',
    });
  const name =
    values.name ?? (basename(values.snapshot).replace(/(\.snapshot)?\.json$/i, '') || 'server');
  return {
    root: io.cwd,
    servers: [{ name, source: { snapshot: resolve(io.cwd, values.snapshot) }, out: values.out }],
  };
}

/** The bytes of the snapshot files the run may read: a live source's committed one counts too (0 when absent). */
async function catalogBytes(config: ResolvedConfig): Promise<number> {
  const sizes = config.servers.map(async (server) => {
    const file =
      'snapshot' in server.source
        ? server.source.snapshot
        : (server.snapshot ?? `${server.out}/snapshot.json`);
    return stat(resolve(config.root, file)).then(
      (s) => s.size,
      () => 0,
    );
  });
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

/** `--layout`, laid over every server's own `layout`. */
function withLayout(config: ResolvedConfig, layout: string | undefined): ResolvedConfig {
  if (layout === undefined) return config;
  if (layout !== 'single' && layout !== 'per-tool') {
    throw new CodegenError(
      `generate: --layout takes single or per-tool, got ${JSON.stringify(layout)}`,
      { hint: 'run `mcp-codegen generate --help`' },
    );
  }
  return { ...config, servers: config.servers.map((server) => ({ ...server, layout })) };
}

/** The discovery flags, laid over each live server's own discovery options. */
function withDiscovery(
  config: ResolvedConfig,
  flags: DiscoveryOptions,
  fromSnapshot: boolean,
): ResolvedConfig {
  if (Object.keys(flags).length === 0) return config;
  if (fromSnapshot) {
    throw new CodegenError(
      'generate: --timeout, --max-pages and --era apply to discovery; --snapshot generates from a file without contacting a server',
      {
        hint: 'drop them, or discover first with `mcp-codegen snapshot --stdio "<command line>" --out <file>` and its --timeout/--max-pages/--era',
      },
    );
  }
  return {
    ...config,
    servers: config.servers.map((server) =>
      'snapshot' in server.source
        ? server
        : { ...server, discovery: { ...server.discovery, ...flags } },
    ),
  };
}

function report(result: GenerateResult, check: boolean, io: Io, quiet: boolean): number {
  if (check) {
    for (const line of result.mismatched) io.stderr.write(`stale: ${line}\n`);
    if (result.stale.length === 0 && result.mismatched.length) return ExitCode.findings;
    if (result.stale.length === 0) {
      const n = result.files.length;
      if (!quiet)
        io.stderr.write(`fresh: ${plural(n, 'generated file')} ${n === 1 ? 'matches' : 'match'}\n`);
      return ExitCode.ok;
    }
    const stale = result.stale.length;
    io.stderr.write(
      `stale: ${stale} of ${plural(result.files.length, 'generated file')} ${stale === 1 ? 'differs' : 'differ'} from what mcp-codegen would write:\n`,
    );
    for (const file of result.stale)
      io.stderr.write(
        file.status === 'obsolete'
          ? `  obsolete ${file.path}: no longer generated; run \`mcp-codegen generate\` to remove it\n`
          : `  ${file.status === 'missing' ? 'missing' : 'changed'}  ${file.path}\n`,
      );
    io.stderr.write('  hint: run `mcp-codegen generate` and commit the result\n');
    return ExitCode.findings;
  }
  if (!quiet) {
    const written = result.files.filter((f) => f.status === 'written');
    const removed = result.files.filter((f) => f.status === 'removed');
    for (const file of written) io.stderr.write(`  wrote ${file.path}\n`);
    for (const file of removed) io.stderr.write(`  removed ${file.path} (no longer generated)\n`);
    const unchanged = result.files.length - written.length - removed.length;
    io.stderr.write(
      `done: ${written.length} written, ${unchanged} unchanged${removed.length ? `, ${removed.length} removed` : ''}\n`,
    );
  }
  return ExitCode.ok;
}

function formatTimings(result: GenerateResult, startup: number, configMs: number): string {
  const total = performance.now();
  const stages = Object.entries(result.timings).filter(
    ([stage, ms]) => ms > 0 || stage === 'write',
  );
  const parts = [
    `start-up ${startup.toFixed(0)} ms`,
    `config ${configMs.toFixed(0)} ms`,
    ...stages.map(([stage, ms]) => `${stage} ${ms.toFixed(0)} ms`),
  ];
  const cached = result.cached.length ? ` (from the cache: ${result.cached.join(', ')})` : '';
  const byManifest = result.byManifest.length
    ? ` (checked by the manifest: ${result.byManifest.join(', ')})`
    : '';
  return `timings: ${parts.join(', ')}; total ${total.toFixed(0)} ms, start-up ${((startup / total) * 100).toFixed(0)}% of it${cached}${byManifest}\n`;
}
