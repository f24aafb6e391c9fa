import type { HttpSource, OAuthLogin, ResolvedConfig, ServerConfig } from '../config/types.js';
import { CodegenError, ExitCode } from '../shared/errors.js';
import { defineCommand } from './args.js';
import type { Command, Io } from './io.js';

const loginHelp = `Usage: mcp-codegen login <server> [--config <file>] [--no-browser]

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

const logoutHelp = `Usage: mcp-codegen logout <server> [--config <file>]

Forget a server's stored tokens and client registration (the file login wrote for its URL). The
next run that needs them asks for a login again.

Exit codes: 0 done (also when nothing was stored), 2 usage or config error.
`;

export const loginCommand: Command = defineCommand(
  'login',
  loginHelp,
  { config: { type: 'string' }, 'no-browser': { type: 'boolean' } },
  async ({ values, positionals }, io) => {
    const { server, config } = await serverOf('login', positionals, values.config, io);
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

export const logoutCommand: Command = defineCommand(
  'logout',
  logoutHelp,
  { config: { type: 'string' } },
  async ({ values, positionals }, io) => {
    const { server, config } = await serverOf('logout', positionals, values.config, io);
    const { TokenStore, authDir } = await import('../discover/auth/store.js');
    const store = new TokenStore(authDir(io.env, config.root), (server.source as HttpSource).url);
    const removed = await store.remove();
    io.stdout.write(
      removed
        ? `logged out of ${server.name}: forgot its tokens and client registration (${store.file})\n`
        : `nothing was stored for ${server.name}\n`,
    );
    return ExitCode.ok;
  },
  true,
);

/** The one positional: a server of the config with a url source. */
async function serverOf(
  command: string,
  positionals: string[],
  file: string | undefined,
  io: Io,
): Promise<{ server: ServerConfig; config: ResolvedConfig }> {
  if (positionals.length !== 1)
    throw new CodegenError(`${command}: give the name of one server of the config`, {
      hint: `e.g. mcp-codegen ${command} weather`,
    });
  const name = positionals[0]!;
  const { loadConfig } = await import('../config/load.js');
  const config = await loadConfig({ cwd: io.cwd, ...(file ? { file } : {}) });
  const server = config.servers.find((s) => s.name === name);
  if (!server)
    throw new CodegenError(`${command}: no server named ${JSON.stringify(name)} in the config`, {
      hint: `servers: ${config.servers.map((s) => s.name).join(', ')}`,
    });
  if (!('url' in server.source))
    throw new CodegenError(
      `${command}: server ${JSON.stringify(name)} is not a url source: only servers over HTTP log in`,
      { hint: 'a stdio server reads its keys from its environment (env in its source)' },
    );
  return { server, config };
}
