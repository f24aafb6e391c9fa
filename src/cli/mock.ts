import { CodegenError, ExitCode } from '../shared/errors.js';
import { defineCommand, valueFlags } from './args.js';
import type { Command } from './io.js';

const help = `Usage: mcp-codegen mock (--snapshot <file> | --server <name> [--config <file>]) [options]

Serve a snapshot as a real MCP server, for the tests of code that calls a generated client: the
lists exactly as the snapshot has them, and tools/call answered without the real server.

It answers initialize with the snapshot's server info, capabilities, instructions and protocol
version; a snapshot of the 2026-07-28 era (era: "modern") also answers server/discover, and list
changes go on subscriptions/listen streams. A snapshot taken of the mock is the snapshot it serves.

tools/call checks the arguments against the tool's inputSchema first (a wrong type, a missing
required field, an extra field where additionalProperties is false): a bad call gets an isError
result {"code":"invalid_arguments","message":…,"retryable":false} and nothing else runs. Then it
answers from the first of:
  1. a handler (--handlers, or the config's mock: { handlers }): a module whose default export (or
     named exports) maps the client's method names (getForecast) or the tools' names (get_forecast)
     to functions of the arguments. A handler returns the tool's output object (sent as
     structuredContent and as JSON text), a raw CallToolResult (it has a content array), or
     mockError(code, details) from mcp-codegen/mock;
  2. a recording (--from): what mcp-codegen/record wrote for that tool, picked by the shape of the
     arguments and then in order;
  3. data generated for the tool's output schema (declared, or from the config's outputs or the
     shapes file with --server; branch 0 of a top-level anyOf/oneOf), the same for the same seed,
     tool and arguments;
  4. an isError result {"code":"mock_no_answer",…} saying how to give the tool an answer, so that
     a call nothing answered is never taken for a success (--lenient: a text, as a success).

mockError(code, details) is sent in the form the tool declares the code in: its output schema's
error envelope ({"error":"unknown_city",…} as structuredContent, details as its fields), else an
isError {"code","message","retryable"} result. mockError.uncoded(message) and
mockError.unknown(code, message) answer the errors no tool declares ($uncoded, $unknown).
A schema the generated client cannot use (a dialect it does not read, a pattern that does not
compile, a $ref that does not resolve) is refused here too: {"code":"mock_unusable_schema",…}.

Source (exactly one):
  --snapshot <file>         A snapshot file (or a bare tools/list result).
  --server <name>           A server of the config: its committed snapshot, shapes and outputs.
  --config <file>           With --server: use this config file instead of searching for one.

Options:
  --http <port>             Serve Streamable HTTP at http://127.0.0.1:<port>/mcp instead of stdio
                            (0 picks a free port). The URL is printed on stderr.
  --page-size <n>           Page tools/list, resources/list, resources/templates/list and
                            prompts/list, n items a page, with cursors.
  --handlers <file>         The handler module (.ts, .mts, .js, .mjs); overrides the config's.
  --from <folder>           Answer from the recordings in this folder.
  --seed <n>                The seed of generated data (default 1).
  --lenient                 A tool with no handler, no recording and no output schema answers
                            a plain text saying so (a success to the client) instead of the
                            isError mock_no_answer.
  --fault <tool>=<kind>     Make a tool misbehave (repeatable; <tool> may be * for every tool):
                              hang            never answer (the client's timeout fires)
                              slow:<ms>       answer after <ms> milliseconds
                              crash           exit the process on the call
                              protocol-error  answer with a JSON-RPC error
                              error:<code>    answer an isError result with this code
  --then <snapshot>         After --after tools/call requests, serve this snapshot's tools and send
  --after <n>               notifications/tools/list_changed (the tools capability then says
                            listChanged: true).
  -h, --help                Show this help.

Over stdio, stdout is the protocol: the mock writes nothing else there; messages go to stderr.

Examples:
  mcp-codegen mock --snapshot mcp/weather.snapshot.json
  mcp-codegen mock --server weather --handlers test/weather.mock.ts --http 0
  mcp-codegen mock --snapshot s.json --from mcp-recordings --fault get_forecast=slow:2000
  mcp-codegen mock --snapshot s.json --then s2.json --after 3

In a config: source: { stdio: 'npx mcp-codegen mock --server weather' }

Exit codes: 0 served until the client went away, 2 usage, config or input error.
`;

export const mockCommand: Command = defineCommand(
  'mock',
  help,
  {
    ...valueFlags('snapshot', 'server', 'config', 'http', 'page-size', 'handlers', 'from', 'seed'),
    ...valueFlags('then', 'after'),
    fault: { type: 'string', multiple: true },
    lenient: { type: 'boolean' },
  },
  async ({ values }, io) => {
    if ((values.snapshot === undefined) === (values.server === undefined))
      throw usage('give exactly one of --snapshot <file> or --server <name>');
    if ((values.then === undefined) !== (values.after === undefined))
      throw usage('--then <snapshot> and --after <n> go together');
    const warn = (line: string) => io.stderr.write(`warning: ${line}\n`);
    const [{ prepareMock }, source] = await Promise.all([
      import('../mock/start.js'),
      sourceOf(values.snapshot, values.server, values.config, io.cwd),
    ]);
    const state = await prepareMock({
      cwd: io.cwd,
      source,
      ...(values.handlers !== undefined && { handlers: values.handlers }),
      ...(values.from !== undefined && { from: values.from }),
      seed: whole(values.seed ?? '1', '--seed', 0),
      ...(values.lenient === true && { lenient: true }),
      ...(values['page-size'] !== undefined && {
        pageSize: whole(values['page-size'], '--page-size', 1),
      }),
      faults: values.fault ?? [],
      ...(values.then !== undefined && {
        then: { snapshot: values.then, after: whole(values.after!, '--after', 1) },
      }),
      warn,
    });
    const serve = await import('../mock/serve.js');
    if (values.http === undefined) {
      await serve.serveMockStdio(state);
      return ExitCode.ok;
    }
    const mock = await serve.serveMockHttp(state, whole(values.http, '--http', 0));
    io.stderr.write(`mcp-codegen mock: listening on ${mock.url}\n`);
    return ExitCode.ok;
  },
);

async function sourceOf(
  snapshot: string | undefined,
  name: string | undefined,
  file: string | undefined,
  cwd: string,
) {
  if (snapshot !== undefined) return { snapshot };
  const [{ loadConfig }, { shapesFileOf }, { readShapesFile }, { undeclaredOutputs }] =
    await Promise.all([
      import('../config/load.js'),
      import('../config/shapes-path.js'),
      import('../shapes/file.js'),
      import('../shapes/effective.js'),
    ]);
  const config = await loadConfig({ cwd, ...(file !== undefined && { file }) });
  const server = config.servers.find((s) => s.name === name);
  if (!server)
    throw usage(
      `no server ${JSON.stringify(name)} in ${config.file ?? 'the config'} (servers: ${config.servers.map((s) => s.name).join(', ')})`,
    );
  const shapes = await readShapesFile(shapesFileOf(config, server));
  return { server, config, undeclared: undeclaredOutputs(shapes, server.outputs) };
}

function whole(text: string, flag: string, min: number): number {
  const n = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(n >= min))
    throw usage(`${flag} expects a whole number ≥ ${min}, got ${JSON.stringify(text)}`);
  return n;
}

function usage(message: string): CodegenError {
  return new CodegenError(`mock: ${message}`, { hint: 'run `mcp-codegen mock --help`' });
}
