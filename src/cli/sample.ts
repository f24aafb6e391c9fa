import { loadConfig } from '../config/load.js';
import { sampleShapes } from '../sample/sample.js';
import { defineCommand } from './args.js';
import { discoveryAuth } from './discovery-auth.js';
import type { Command } from './io.js';

const help = `Usage: mcp-codegen sample [--config <file>] [--server <name>]... [--allow-side-effects]
       mcp-codegen sample --from <folder> [--server <name>]

Learn the result shapes of tools that declare no outputSchema. For each tool listed in a server's
\`samples\` config, call it with each argument set given there, and merge the shapes of the results
into the server's shapes file (config \`shapes\`; by default <snapshot dir>/<server name>.shapes.json).
Commit that file: \`generate\` types those tools' results from it, and its diff shows in review
what a server's answers started to look like. Only shapes are written, never the values.

A later run only widens: a field missing from a new sample becomes optional, a new type joins a
union, objects stay open. A run against an unchanged server leaves the file byte for byte as it was.
A tool with a hand-written \`outputs\` override is never changed by sampling; disagreements are reported.

Calling a tool can change the world: the whole run is refused before anything is called when a
listed tool is not annotated readOnlyHint: true, unless --allow-side-effects is given. A tool that
is not listed is never called.

Options:
  --config <file>         Use this config file instead of searching for one.
  --server <name>         Only this server (repeatable); default: every server with \`samples\`.
  --allow-side-effects    Also call listed tools that are not annotated readOnlyHint: true.
  --from <folder>         Call nothing: merge the results recorded from real use into the shapes
                          file instead (the client's onResult hook with recordResults(folder) from
                          mcp-codegen/record). Headers are never recorded; only shapes reach the file.
  -h, --help              Show this help.

Example config:
  samples: { get_user: [{ id: 1 }, { id: 2 }], list_orders: [{}] },
  outputs: { get_invoice: { schema: { type: 'object', properties: { total: { type: 'number' } } } } },

Exit codes: 0 ok, 2 usage/config error or a refused tool (nothing called), 3 server error,
4 authentication needed or refused.
`;

export const sampleCommand: Command = defineCommand(
  'sample',
  help,
  {
    config: { type: 'string' },
    server: { type: 'string', multiple: true },
    'allow-side-effects': { type: 'boolean' },
    from: { type: 'string' },
  },
  async ({ values }, io) => {
    const config = await loadConfig({
      cwd: io.cwd,
      ...(values.config ? { file: values.config } : {}),
    });
    await sampleShapes({
      config,
      ...(values.server ? { only: values.server } : {}),
      allowSideEffects: values['allow-side-effects'] === true,
      ...(values.from !== undefined ? { from: values.from } : {}),
      env: io.env,
      log: (line) => io.stdout.write(`${line}\n`),
      auth: discoveryAuth(io),
    });
    return 0;
  },
);
