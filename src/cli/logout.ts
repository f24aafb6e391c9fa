import type { HttpSource } from '../config/types.js';
import { ExitCode } from '../shared/errors.js';
import { defineCommand } from './args.js';
import type { Command } from './io.js';
import { urlServerOf } from './url-server.js';

const help = `Usage: mcp-codegen logout <server> [--config <file>]

Forget a server's stored tokens and client registration (the file login wrote for its URL). The
next run that needs them asks for a login again.

Exit codes: 0 done (also when nothing was stored), 2 usage or config error.
`;

export const logoutCommand: Command = defineCommand(
  'logout',
  help,
  { config: { type: 'string' } },
  async ({ values, positionals }, io) => {
    const { server, config } = await urlServerOf('logout', positionals, values.config, io);
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
