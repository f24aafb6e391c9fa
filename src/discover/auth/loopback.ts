import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AuthError } from '../../shared/errors.js';
import type { Environment } from '../../shared/host.js';
import { rememberSecret } from '../../shared/secrets.js';

/** The loopback end of the browser flow: `http://127.0.0.1:<port>/callback`, on 127.0.0.1 only. */
export interface Loopback {
  redirectUrl: string;
  /** The authorization code the browser brings back with `state`, or an AuthError for a refusal. */
  code(state: string, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><meta charset="utf-8"><title>${title}</title><p>${text}</p>\n`;

/**
 * Listen on 127.0.0.1:`port` (0: a free one). A port that is taken is an AuthError when the user
 * fixed it (`redirectPort`); otherwise undefined, and the caller takes a free one.
 */
export async function listenLoopback(port: number, fixed: boolean): Promise<Loopback | undefined> {
  const server = createServer();
  server.listen(port, '127.0.0.1');
  try {
    await once(server, 'listening');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    if (!fixed) return undefined;
    throw new AuthError(`the redirect port ${port} is in use by another program`, {
      hint: `close it, or set another auth.oauth.redirectPort (a client registered by hand needs that port in its redirect URI http://127.0.0.1:<port>/callback)`,
    });
  }
  const actual = (server.address() as AddressInfo).port;
  return {
    redirectUrl: `http://127.0.0.1:${actual}/callback`,
    code: (state, timeoutMs) => awaitCode(server, state, timeoutMs),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

function awaitCode(server: Server, state: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(
        new AuthError(`no answer from the browser within ${Math.round(timeoutMs / 1000)} s`, {
          hint: 'open the printed URL, log in, and let the browser come back to mcp-codegen; run login again',
        }),
      );
    }, timeoutMs);
    server.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname !== '/callback') return void res.writeHead(404).end();
      const params = url.searchParams;
      rememberSecret(params.get('code') ?? undefined);
      // Another page's request (a forged login) carries another state: it is answered, not taken.
      if (params.get('state') !== state) {
        res.writeHead(400, { 'content-type': 'text/html' });
        return void res.end(PAGE('mcp-codegen', 'This login was not started by mcp-codegen here.'));
      }
      res.writeHead(200, { 'content-type': 'text/html', connection: 'close' });
      clearTimeout(timer);
      const error = params.get('error');
      const code = params.get('code');
      if (error !== null || !code) {
        res.end(PAGE('mcp-codegen: login refused', 'The login was refused. See the terminal.'));
        const description = params.get('error_description');
        return reject(
          new AuthError(
            `the authorization server refused the login: ${error ?? 'no code'}${description ? ` (${description.slice(0, 200)})` : ''}`,
            {
              hint: 'run login again and allow mcp-codegen access; or ask the server operator why',
            },
          ),
        );
      }
      res.end(PAGE('mcp-codegen: logged in', 'Logged in. You can close this tab.'));
      resolve(code);
    });
  });
}

/**
 * Open `url` in the user's browser, without a shell. False when there is nothing to open it with
 * (a Linux machine without a display): the caller has printed the URL anyway.
 */
export function openBrowser(url: string, env: Environment): boolean {
  const platform = process.platform;
  if (platform !== 'darwin' && platform !== 'win32' && !env.DISPLAY && !env.WAYLAND_DISPLAY)
    return false;
  const [command, args] =
    platform === 'darwin'
      ? ['open', [url]]
      : platform === 'win32'
        ? ['rundll32', ['url.dll,FileProtocolHandler', url]]
        : ['xdg-open', [url]];
  try {
    const child = spawn(command, args as string[], { stdio: 'ignore', detached: true });
    child.on('error', () => {}); // not installed: the printed URL is the way
    child.unref();
    return true;
  } catch {
    return false;
  }
}
