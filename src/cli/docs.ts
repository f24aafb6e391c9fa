import { basename, extname, join, resolve } from 'node:path';
import { docsFormatOf } from '../config/docs-format.js';
import { docsServerStems } from '../model/docs-plan.js';
import type { DocsFormat, ResolvedConfig, ServerConfig } from '../config/types.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import { plural } from '../shared/plural.js';
import { defineCommand, switches, valueFlags } from './args.js';
import type { Io } from './io.js';

const help = `Usage:
  mcp-codegen docs [--config <file>] [--server <name>]... [--format html|markdown|llms-txt]
                   [--split] [--full] [--check] [--out <path>]
  mcp-codegen docs --snapshot <file> [--name <Name>] [--format html|markdown|llms-txt]
                   [--split] [--full] [--check] --out <path>

A reference for a server's catalog, from its snapshot and the same model \`generate\` uses:
the client's names, the result types as types.ts declares them, the error codes, the hints, and
an example call per tool whose arguments are generated from its input schema (the mock's seeded
generator) and valid against it. Every piece of server text is escaped.

Formats (default: from --out's extension, .html, .md or .txt; markdown with --split):
  html        One self-contained page: inline style and script, no network request of any kind,
              readable with scripting off. Tools with a filter box (/ to reach it, arrow keys
              through the list) and badges (read-only, destructive, idempotent, open-world,
              app-only, task support); per tool its parameters, result type, errors and example;
              resources, templates, prompts and UI resources; light and dark themes, as the
              system is set.
  markdown    The same for a repository's docs/ folder: one file, or with --split a folder with
              README.md and tools/<tool>.md (pages of tools that are gone are removed).
  llms-txt    The llms.txt index (llmstxt.org); with --full also llms-full.txt beside it (the
              whole reference as Markdown), which the index links to.

Options:
  --server <name>     A server of the config (repeatable; default: every server). Its committed
                      snapshot is read, with its shapes file, outputs and errors, as
                      \`generate --offline\` reads them: no server is contacted.
  --config <file>     The config (default: found from the current folder upwards).
  --snapshot <file>   A snapshot file instead (or any tools/list result JSON); no config needed.
  --name <Name>       With --snapshot: the server's name (default: from the file name).
  --format <format>   html, markdown or llms-txt.
  --split             markdown: one page a tool.
  --full              llms-txt: llms-full.txt too.
  --out <path>        The file to write (docs/weather.html, docs/weather.md, llms.txt), or the
                      folder with --split. For several servers a folder: <server>.html or
                      <server>.md in it, or <server>/ (split markdown, llms-txt). Without it, each
                      server's docs: { out, format } from the config, as generate writes them.
  --check             Write nothing: exit 1 when a file on disk differs from what would be written.
  --quiet             Print only errors.
  -h, --help          This help.

Everything is rendered in memory first, then the files whose bytes changed are written, all or
none: a failure leaves the docs as they were. The output is deterministic: the same snapshot
gives the same bytes on every machine. \`generate\` writes a server's docs with its client when
the config says \`docs: { out, format }\`, and \`generate --check\` checks them.

Exit codes: 0 ok, 1 stale (--check), 2 usage/config/input error.

Examples:
  mcp-codegen docs --server weather --out docs/weather.html
  mcp-codegen docs --server weather --format markdown --out docs/weather.md
  mcp-codegen docs --snapshot mcp/weather.snapshot.json --split --out docs/weather
  mcp-codegen docs --server weather --format llms-txt --full --out llms.txt
`;

interface DocsRequest {
  format: DocsFormat;
  split: boolean;
  full: boolean;
  out: string;
}

export const docsCommand = defineCommand(
  'docs',
  help,
  {
    ...valueFlags('config', 'snapshot', 'name', 'format', 'out'),
    server: { type: 'string', multiple: true },
    ...switches('split', 'full', 'check', 'quiet'),
  },
  async ({ values }, io) => {
    const { out } = values;
    if (out === undefined && (values.snapshot || values.format || values.split || values.full))
      throw new CodegenError(
        'docs: --out <path> is required with --snapshot, --format, --split or --full',
        {
          hint: 'e.g. --out docs/weather.html; run `mcp-codegen docs --help`',
        },
      );
    const { config, servers } = await serversFrom(values, io);
    const several = servers.length > 1;
    const split = values.split === true;
    const full = values.full === true;
    const log = values.quiet ? () => undefined : (line: string) => io.stderr.write(`${line}\n`);
    const [
      { renderDocs },
      { loadServerCatalog, strayDocsPages },
      { clientImportPath, docsFormat },
    ] = await Promise.all([
      import('../docs/render.js'),
      import('../generate/docs-input.js'),
      import('../generate/docs.js'),
    ]);
    const planned: Array<{ file: string; content: string }> = [];
    const folders: string[] = [];
    for (const [i, server] of servers.entries()) {
      const request =
        out === undefined
          ? configured(server, config.root, docsFormat)
          : requestFor(out, values.format, split, full, several ? i : undefined, servers, io);
      const { snapshot, model } = await loadServerCatalog(server, config);
      log(`${server.name}: ${request.format} docs from ${plural(snapshot.tools.length, 'tool')}`);
      const files = await renderDocs(
        { snapshot, model, importPath: clientImportPath(config.root, server.out) },
        request,
      );
      planned.push(...files);
      if (request.split) folders.push(request.out);
    }
    const keep = new Set(planned.map((p) => p.file));
    const stray = (await Promise.all(folders.map((f) => strayDocsPages(f, keep)))).flat();
    const { compareAll, writeAll } = await import('../generate/output.js');
    if (values.check) {
      const compared = await compareAll(planned, stray, io.cwd);
      const stale = compared.filter((f) => f.status !== 'unchanged');
      if (stale.length === 0) {
        log(
          `fresh: ${plural(compared.length, 'docs file')} ${compared.length === 1 ? 'matches' : 'match'}`,
        );
        return ExitCode.ok;
      }
      io.stderr.write(
        `stale: ${stale.length} of ${plural(compared.length, 'docs file')} ${stale.length === 1 ? 'differs' : 'differ'}:\n`,
      );
      for (const f of stale)
        io.stderr.write(
          f.status === 'obsolete'
            ? `  obsolete ${f.path}: a page of a tool that is gone\n`
            : `  ${f.status === 'missing' ? 'missing' : 'changed'}  ${f.path}\n`,
        );
      io.stderr.write(
        '  hint: run the same `mcp-codegen docs` without --check and commit the result\n',
      );
      return ExitCode.findings;
    }
    const written = await writeAll(planned, stray, io.cwd);
    for (const f of written)
      if (f.status === 'written') log(`  wrote ${f.path}`);
      else if (f.status === 'removed') log(`  removed ${f.path} (a page of a tool that is gone)`);
    const count = (status: string) => written.filter((f) => f.status === status).length;
    const removed = count('removed');
    log(
      `done: ${count('written')} written, ${count('unchanged')} unchanged${removed ? `, ${removed} removed` : ''}`,
    );
    return ExitCode.ok;
  },
);

/** The servers to document: the config's (all, or --server's), or one made from --snapshot. */
async function serversFrom(
  values: { config?: string; server?: string[]; snapshot?: string; name?: string },
  io: Io,
): Promise<{ config: ResolvedConfig; servers: ServerConfig[] }> {
  if (values.snapshot !== undefined) {
    if (values.config !== undefined || values.server !== undefined)
      throw new CodegenError('docs: --snapshot cannot be combined with --config or --server', {
        hint: 'document a configured server with --server, or a snapshot file with --snapshot',
      });
    const name =
      values.name ?? (basename(values.snapshot).replace(/(\.snapshot)?\.json$/i, '') || 'server');
    const config: ResolvedConfig = {
      root: io.cwd,
      servers: [{ name, source: { snapshot: resolve(io.cwd, values.snapshot) }, out: name }],
    };
    return { config, servers: config.servers };
  }
  if (values.name !== undefined)
    throw new CodegenError('docs: --name goes with --snapshot', {
      hint: 'a configured server has its name',
    });
  const { loadConfig } = await import('../config/load.js');
  const { selectServers } = await import('../generate/select.js');
  const config = await loadConfig({
    cwd: io.cwd,
    ...(values.config ? { file: values.config } : {}),
  });
  return { config, servers: selectServers(config, values.server) };
}

/** Without --out: the server's own `docs` in the config, as `generate` writes them. */
function configured(
  server: ServerConfig,
  root: string,
  formatOf: (docs: NonNullable<ServerConfig['docs']>) => DocsFormat,
): DocsRequest {
  if (server.docs === undefined)
    throw new CodegenError(
      `docs: --out <path> is required: server ${JSON.stringify(server.name)} has no docs in the config`,
      {
        hint: "pass --out docs/weather.html, or give the server docs: { out: 'docs/weather.html' } in the config",
      },
    );
  const { docs } = server;
  return {
    format: formatOf(docs),
    split: docs.split === true,
    full: docs.full === true,
    out: resolve(root, docs.out),
  };
}

/**
 * One server's format and path. With several servers `--out` is a folder, and each server's docs
 * are named after it (`weather.html`, `weather.md`, or a folder `weather/` for split Markdown and
 * llms.txt, whose files have fixed names).
 */
function requestFor(
  out: string,
  given: string | undefined,
  split: boolean,
  full: boolean,
  index: number | undefined,
  servers: readonly ServerConfig[],
  io: Io,
): DocsRequest {
  const folder = resolve(io.cwd, out);
  if (index === undefined) {
    const format = docsFormatOf(out, given, split, full);
    if (typeof format !== 'string')
      throw new CodegenError(`docs: --${format.option}: ${format.message}`, { hint: format.hint });
    return { format, split, full, out: folder };
  }
  if (extname(out) !== '')
    throw new CodegenError(
      `docs: ${servers.length} servers need --out to name a folder, not ${JSON.stringify(out)}`,
      {
        hint: 'each server gets <folder>/<server>.html (or .md, or <server>/ for split and llms-txt); or pick one with --server',
      },
    );
  const stem = docsServerStems(servers.map((s) => s.name))[index]!;
  const format = docsFormatOf(stem, given ?? (split ? 'markdown' : 'html'), split, full);
  if (typeof format !== 'string')
    throw new CodegenError(`docs: --${format.option}: ${format.message}`, { hint: format.hint });
  const target = split
    ? join(folder, stem)
    : format === 'llms-txt'
      ? join(folder, stem, 'llms.txt')
      : join(folder, `${stem}.${format === 'html' ? 'html' : 'md'}`);
  return { format, split, full, out: target };
}
