import type { HttpSource, OAuthLogin } from '../config/types.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import { defineCommand } from './args.js';
import type { Command } from './io.js';
import { urlServerOf } from './url-server.js';

const help = `Usage: mcp-codegen login <server> [--config <file>] [--no-browser]

Log in to a server of the config whose url source has auth: { oauth: { ... } }, in the browser:
the authorization server the MCP server names is found from its metadata, mcp-codegen registers
itself there (or uses the configured clientId or clientMetadataUrl), and the browser comes back to
http://127.0.0.1:<port>/callback with the code, which is exchanged for tokens (PKCE, with the
server as the resource indicator). The tokens and the registration are stored outside the
repository, one file per server URL (mode 0600): in $MCP_CODEGEN_AUTH_DIR, else
$XDG_DATA_HOME/mcp-codegen, else ~/.local/share/mcp-codegen. Later runs refresh them silently,
so \`generate\`, \`snapshot\`, \`diff --live\` and \`sample\` work without a terminal (in CI use
clientCredentials instead). A login that fails leaves the previous one as it was.

Options:
  --config <file>   Use this config file instead of searching for one.
  --no-browser      Do not open a browser: print the URL to open (on another machine, say). It is
                    only printed, too, where there is no display.
  -h, --help        Show this help.

Exit codes: 0 logged in, 2 usage or config error, 4 the login was refused or timed out.
`;

export const loginCommand: Command = defineCommand(
  'login',
  help,
  { config: { type: 'string' }, 'no-browser': { type: 'boolean' } },
  async ({ values, positionals }, io) => {
    const { server, config } = await urlServerOf('login', positionals, values.config, io);
    const source = server.source as HttpSource;
    if (!source.auth || !('oauth' in source.auth)) {
      const kind = source.auth ? Object.keys(source.auth)[0] : undefined;
      throw new CodegenError(
        `login: server ${JSON.stringify(server.name)} ${kind ? `authenticates with ${kind}, which needs no login` : 'has no auth: { oauth } in its url source'}`,
        {
          hint: kind
            ? 'clientCredentials and bearer get their tokens by themselves at each run'
            : 'add auth: { oauth: {} } to its source (with clientId if a client is registered for mcp-codegen), then log in',
        },
      );
    }
    const [{ browserLogin }, { authContext }] = await Promise.all([
      import('../discover/auth/login.js'),
      import('../discover/auth/context.js'),
    ]);
    const context = authContext(server.name, io.env, config.root, {
      interactive: true,
      print: (line) => io.stderr.write(`${line}\n`),
    });
    const result = await browserLogin(
      source as HttpSource & { auth: { oauth: OAuthLogin } },
      context,
      { openBrowser: values['no-browser'] !== true },
    );
    io.stdout.write(
      `logged in to ${server.name}${result.issuer ? ` (authorization server ${result.issuer})` : ''}; stored in ${result.storeFile}\n`,
    );
    return ExitCode.ok;
  },
  true,
);
