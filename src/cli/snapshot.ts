import { readFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { HttpSource, StdioSource } from '../config/types.js';
import { printCommand, serverJsonFrom, type SourceFlags } from './snapshot-server-json.js';
import { createProgressReporter } from '../discover/index.js';
import { discover } from '../snapshot/discover.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import { serializeSnapshot, writeFileAtomic, type Snapshot } from '../snapshot/index.js';
import { plural } from '../shared/plural.js';
import { defineCommand } from './args.js';
import { discoveryAuth } from './discovery-auth.js';
import {
  AUTH_FLAGS,
  AUTH_HELP,
  authFromFlags,
  givenAuthFlags,
  snapshotAdvice,
  type AuthFlagValues,
} from './snapshot-auth.js';
import { DISCOVERY_FLAGS, DISCOVERY_HELP, discoveryFlags } from './discovery-flags.js';
import type { Command } from './io.js';
import { checkClientCapabilities } from '../config/validate-discovery.js';
import type { JsonObject } from '../shared/json.js';

const help = `Usage: mcp-codegen snapshot (--stdio "<command line>" | --url <url> | --server-json <file>) [options] --out <file>
       mcp-codegen snapshot --server-json <file> [--package <kind>] [--package-version <v>] --print-command

Connect to a live MCP server, list everything it declares (tools, resources, resource templates,
prompts, following every page) and write its canonical snapshot: the file \`generate\` and \`diff\`
read. The file is written only when discovery succeeded completely; on any failure the previous
file is left as it was. If the file already holds the same snapshot it is not touched.

Source (exactly one):
  --stdio "<command line>"  Start the server as a child process and talk over stdin/stdout. The line
                            is split like a shell splits words (quotes, backslashes) but runs
                            without a shell: no pipes, globs or $VARIABLES. The server gets this
                            process's environment; its stderr is captured and shown if it fails.
  --url <url>               Connect to a running server over HTTP.
  --server-json <file>      Run the server a registry server.json describes: a package (npm with
                            npx -y, pypi with uvx, oci with docker run -i --rm) with its runtime and
                            package arguments and environment variables, or a remote (its URL and
                            headers). Values the file leaves open come from the environment: an
                            environment variable by its name, a header, flag, positional
                            (valueHint) or {variable} by its name in upper snake case (X-API-Key:
                            X_API_KEY, --port: PORT). A required one that is unset is an error
                            naming it. Which entry runs is printed; the snapshot records it
                            (provenance).

Options:
  --transport <kind>        With --url: auto (default) tries Streamable HTTP and falls back to the
                            legacy HTTP+SSE transport when the server refuses it with a 4xx;
                            streamable-http or sse use only that one.
  --header "Name: value"    With --url: an extra request header; repeat for more. \${NAME} in the
                            value is replaced by the environment variable NAME, so a secret need not
                            appear on the command line: --header 'Authorization: Bearer \${API_TOKEN}'
${AUTH_HELP}
  --package <kind>          With --server-json: npm, pypi or oci (the first package of that type)
                            or remote (the first remote). Default: the first package reached over
                            stdio, then the first remote.
  --package-version <v>     With --server-json: run this version of the package instead of the
                            one server.json names (for oci, the image tag).
  --print-command           With --server-json: print the command line (or URL and headers) that
                            would run, secrets as ***, and what was left out; start nothing.
${DISCOVERY_HELP}
  --capabilities <json|@file>
                            The client capabilities to declare, as JSON or @ a JSON file (default
                            none; the config's discovery.capabilities). Servers show some tools
                            only to clients that declare roots, sampling, elicitation or tasks:
                            declare what your app's client declares. The snapshot records them.
  --ui-html                 Keep the content of each MCP Apps UI resource (ui://) in the snapshot
                            (the config's discovery.uiHtml); by default only its hash and size.
  --out <file>              Where to write the snapshot (required). Folders are created.
  -h, --help                Show this help.

Progress goes to stderr (one updating line on a terminal, one line per list otherwise); the
summary goes to stdout.

Examples:
  mcp-codegen snapshot --stdio "node --import tsx fixtures/servers/example.ts" --out weather.snapshot.json
  mcp-codegen snapshot --stdio "npx -y @modelcontextprotocol/server-everything" --out everything.json
  mcp-codegen snapshot --url http://127.0.0.1:3001/mcp --header 'Authorization: Bearer \${API_TOKEN}' --out api.json
  mcp-codegen snapshot --url http://localhost:8080/sse --transport sse --timeout 5000 --out legacy.json
  mcp-codegen snapshot --url http://127.0.0.1:3001/mcp --era modern --out modern.json
  mcp-codegen snapshot --stdio "npx -y @modelcontextprotocol/server-everything" \\
    --capabilities '{"roots":{},"sampling":{},"elicitation":{"form":{},"url":{}}}' --out everything.json
  mcp-codegen snapshot --url https://mcp.example.com/mcp --auth oauth --out api.json
  mcp-codegen snapshot --url https://mcp.example.com/mcp --auth client-credentials \\
    --client-id ci-bot --client-secret-env MCP_CLIENT_SECRET --out api.json
  mcp-codegen snapshot --server-json server.json --out everything.json
  BRAVE_API_KEY=... mcp-codegen snapshot --server-json brave/server.json --package npm --print-command

Exit codes:
  0  the snapshot was written (or was already up to date)
  2  usage error: bad or missing options, an invalid server.json, an unset required variable
  3  server error: could not start or reach the server, it timed out, exited, or sent something
     malformed (a repeated cursor, a duplicate tool name, invalid JSON-RPC...); nothing was written
  4  authentication needed or refused: no stored login and no terminal to log in from, HTTP 401
     or 403, a refused client or registration; nothing was written
`;

const TRANSPORTS = ['auto', 'streamable-http', 'sse'] as const;

export const snapshotCommand: Command = defineCommand(
  'snapshot',
  help,
  {
    stdio: { type: 'string' },
    url: { type: 'string' },
    transport: { type: 'string' },
    header: { type: 'string', multiple: true },
    ...AUTH_FLAGS,
    'server-json': { type: 'string' },
    package: { type: 'string' },
    'package-version': { type: 'string' },
    'print-command': { type: 'boolean' },
    ...DISCOVERY_FLAGS,
    capabilities: { type: 'string' },
    'ui-html': { type: 'boolean' },
    out: { type: 'string' },
  },
  async ({ values }, io) => {
    const stray = values['server-json'] !== undefined ? givenAuthFlags(values) : [];
    if (stray.length > 0)
      throw usage(`${stray[0]} applies to --url only; a server.json names its own headers`);
    const source =
      values['server-json'] !== undefined ? serverJsonFrom(values) : sourceFrom(values);
    if (values['print-command']) {
      if (!('serverJson' in source))
        throw usage(
          '--print-command goes with --server-json: a --stdio or --url source is what it says',
        );
      return printCommand(source, io);
    }
    if (!values.out) throw usage('--out <file> is required: where to write the snapshot');
    const discovery = discoveryFlags('snapshot', values);
    const capabilities =
      values.capabilities === undefined
        ? undefined
        : await capabilitiesFrom(values.capabilities, io.cwd);

    const snapshot = await discover(source, {
      cwd: io.cwd,
      env: io.env,
      ...discovery,
      ...(capabilities !== undefined && { capabilities }),
      ...(values['ui-html'] === true && { uiHtml: true }),
      onProgress: createProgressReporter(io.stderr),
      onWarning: (line) => io.stderr.write(`warning: ${line}\n`),
      ...('url' in source ? { auth: discoveryAuth(io, snapshotAdvice(source.url)) } : {}),
      onNote: (line) => io.stderr.write(`${line}\n`),
    });

    const file = resolve(io.cwd, values.out);
    const text = serializeSnapshot(snapshot);
    const previous = await readFile(file, 'utf8').catch(() => undefined);
    const shown = relative(io.cwd, file) || file;
    if (previous === text) {
      io.stdout.write(`${shown} unchanged: ${summary(snapshot)}\n`);
    } else {
      await writeFileAtomic(file, text);
      io.stdout.write(`wrote ${shown}: ${summary(snapshot)}\n`);
    }
    return ExitCode.ok;
  },
);

function sourceFrom(values: SourceFlags & AuthFlagValues): StdioSource | HttpSource {
  if (values.package !== undefined || values['package-version'] !== undefined)
    throw usage('--package and --package-version go with --server-json');
  if (values.stdio !== undefined && values.url !== undefined)
    throw usage('give either --stdio or --url, not both');
  if (values.stdio !== undefined) {
    if (values.transport !== undefined)
      throw usage('--transport applies to --url only (a --stdio server always talks over stdio)');
    if (values.header !== undefined)
      throw usage(
        '--header applies to --url only; a --stdio server reads settings from its environment',
      );
    const stray = givenAuthFlags(values);
    if (stray.length > 0)
      throw usage(
        `${stray[0]} applies to --url only; a --stdio server reads its keys from its environment`,
      );
    if (values.stdio.trim() === '')
      throw usage('--stdio needs the command line that starts the server');
    return { stdio: values.stdio };
  }
  if (values.url === undefined)
    throw usage('say which server: --stdio "<command line>" or --url <url>');
  let url: URL;
  try {
    url = new URL(values.url);
  } catch {
    throw usage(
      `--url ${JSON.stringify(values.url)} is not a valid URL`,
      'give a full URL, e.g. http://127.0.0.1:3001/mcp',
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw usage(`--url must be http: or https:, got ${url.protocol}`);
  const transport = values.transport ?? 'auto';
  if (!(TRANSPORTS as readonly string[]).includes(transport)) {
    throw usage(
      `--transport must be one of ${TRANSPORTS.join(', ')}, got ${JSON.stringify(transport)}`,
    );
  }
  const auth = authFromFlags(values);
  const headers = headersFrom(values.header ?? []);
  if (auth && Object.keys(headers).some((h) => h.toLowerCase() === 'authorization'))
    throw usage('--auth and --header "Authorization: ..." both say how to authenticate: keep one');
  return {
    url: values.url,
    transport: transport as HttpSource['transport'],
    headers,
    ...(auth ? { auth } : {}),
  };
}

/** "Name: value" pairs; values keep their `${NAME}` references, discovery resolves them. */
function headersFrom(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    const name = colon === -1 ? '' : line.slice(0, colon).trim();
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
      throw usage(
        `--header ${JSON.stringify(line)} is not "Name: value"`,
        `e.g. --header 'Authorization: Bearer \${API_TOKEN}'`,
      );
    }
    if (seen.has(name.toLowerCase())) throw usage(`--header ${name} is given twice`);
    seen.add(name.toLowerCase());
    headers[name] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * `--capabilities '{"roots":{}}'` or `--capabilities @caps.json`: checked as the config's
 * `discovery.capabilities` is, so a mistake names the flag (or the file) and the JSON pointer.
 */
async function capabilitiesFrom(value: string, cwd: string): Promise<JsonObject> {
  const fromFile = value.startsWith('@');
  const label = fromFile ? value.slice(1) : '--capabilities';
  let text = value;
  if (fromFile) {
    if (label === '') throw usage('--capabilities @<file> needs a file name after the @');
    try {
      text = await readFile(resolve(cwd, label), 'utf8');
    } catch (error) {
      throw usage(
        `--capabilities ${value}: cannot read ${label} (${(error as NodeJS.ErrnoException).code ?? String(error)})`,
        'give a JSON file, or the JSON itself',
      );
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw usage(
      `--capabilities${fromFile ? ` ${value}` : ''}: not valid JSON (${(error as Error).message})`,
      `e.g. --capabilities '{"roots":{},"sampling":{},"elicitation":{"form":{}}}', or @caps.json`,
    );
  }
  checkClientCapabilities(parsed, label, '');
  return parsed as JsonObject;
}

function summary(snapshot: Snapshot): string {
  const counts = [
    plural(snapshot.tools.length, 'tool'),
    plural(snapshot.resources.length, 'resource'),
    plural(snapshot.resourceTemplates.length, 'resource template'),
    plural(snapshot.prompts.length, 'prompt'),
    ...(snapshot.uiResources?.length ? [plural(snapshot.uiResources.length, 'UI resource')] : []),
  ].join(', ');
  const info = snapshot.serverInfo
    ? `${snapshot.serverInfo.name} ${snapshot.serverInfo.version}`.trim()
    : 'unnamed server';
  const era = snapshot.era === 'modern' ? ', modern era' : '';
  return `${counts} (${info}${snapshot.protocolVersion ? `, protocol ${snapshot.protocolVersion}` : ''}${era})`;
}

function usage(message: string, hint = 'run `mcp-codegen snapshot --help`'): CodegenError {
  return new CodegenError(`snapshot: ${message}`, { exitCode: ExitCode.usage, hint });
}
