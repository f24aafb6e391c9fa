import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { Environment } from '../../shared/host.js';
import type { Challenge } from './failures.js';
import { configAdvice, type DiscoverAuth, type LoginAdvice } from './options.js';

/** What authentication needs to know of the run it is part of. */
export interface AuthContext {
  /** The server's name (the config's, or the URL) in messages. */
  server: string;
  env: Environment;
  /** The config's folder: relative `privateKeyFile`s, the token command's folder. */
  cwd: string;
  /** A person at a terminal: a missing login may be done now in the browser; else it is exit 4. */
  interactive: boolean;
  advice: LoginAdvice;
  /** Where the browser flow says which URL to open. */
  print(line: string): void;
  /** The fetch under everything (tests and the SDK's redirect rules stay as they are). */
  fetchFn: FetchLike;
}

/** Where the access token of a request comes from. */
export interface TokenSource {
  /** Before the first request: run the token command, refresh an expired login, or log in. */
  prepare(): Promise<void>;
  /** The token for the next request, or undefined to send none. */
  current(): Promise<string | undefined>;
  /** After a 401 to a request that carried `sent`: a new token, or an AuthError saying why not. */
  renew(sent: string | undefined, challenge: Challenge): Promise<string>;
  /** What to do about a 403 insufficient_scope. */
  scopeRemedy: string;
}

export function authContext(
  server: string,
  env: Environment,
  cwd: string,
  auth: DiscoverAuth | undefined,
): AuthContext {
  return {
    server,
    env,
    cwd,
    interactive: auth?.interactive ?? false,
    advice: auth?.advice ?? configAdvice(server),
    print: auth?.print ?? (() => {}),
    fetchFn: (url, init) => fetch(url, init),
  };
}
