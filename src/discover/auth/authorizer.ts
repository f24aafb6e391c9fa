import {
  discoverOAuthProtectedResourceMetadata,
  extractWWWAuthenticateParams,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { HttpSource } from '../../config/types.js';
import { AuthError } from '../../shared/errors.js';
import { clientCredentialTokens } from './client-credentials.js';
import type { AuthContext, TokenSource } from './context.js';
import { forbidden, type Challenge } from './failures.js';
import { storedOAuthTokens } from './oauth-tokens.js';
import { commandTokens } from './token-command.js';

/** A `url` source's requests with their credentials: what the transports fetch with. */
export interface Authorizer {
  /** Before the first request: a token command run, an expired login refreshed, a login done or refused. */
  prepare(): Promise<void>;
  fetch: FetchLike;
  /**
   * The AuthError its fetch threw, if any: the SSE transport's EventSource turns a thrown error into
   * an SseError of its own, and discovery reports this one instead.
   */
  readonly failure: AuthError | undefined;
}

/**
 * The fetch every HTTP transport of a discovery uses (the modern probe, Streamable HTTP, SSE, the
 * watch's session). It adds the token to requests to the server's own origin only, and answers
 * a 401 by renewing the token once and sending the request again; a second 401, a 401 it cannot
 * renew, and a 403 are AuthErrors (exit 4) that say which and what to do. The OAuth protocol itself
 * is the SDK's (`auth()` and its providers), called from the token sources.
 */
export function createAuthorizer(source: HttpSource, context: AuthContext): Authorizer {
  const tokens = tokenSource(source, context);
  const origin = new URL(source.url).origin;
  const base = context.fetchFn;
  const send = (url: string | URL, init: RequestInit | undefined, token: string | undefined) => {
    if (token === undefined) return base(url, init);
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    return base(url, { ...init, headers });
  };
  let failure: AuthError | undefined;
  const authorized = async (url: string | URL, init: RequestInit | undefined) => {
    // Another origin (an SSE endpoint elsewhere) never sees the token.
    if (new URL(String(url)).origin !== origin) return base(url, init);
    let token = await tokens.current();
    let response = await send(url, init, token);
    if (response.status === 401) {
      token = await tokens.renew(token, await consume(response));
      response = await send(url, init, token);
      if (response.status === 401)
        throw new AuthError(
          `server "${context.server}": HTTP 401 again with a new token: the server refuses the tokens it is given`,
          {
            hint: 'check that the server accepts tokens for this client and resource (its audience and scope), or ask its operator',
          },
        );
    }
    if (response.status === 403)
      throw forbidden(context.server, await consume(response), tokens.scopeRemedy);
    return response;
  };
  return {
    get failure() {
      return failure;
    },
    prepare: () => tokens.prepare(),
    fetch: (url, init) =>
      authorized(url, init).catch((error: unknown) => {
        if (error instanceof AuthError) failure ??= error;
        throw error;
      }),
  };
}

function tokenSource(source: HttpSource, context: AuthContext): TokenSource {
  const auth = source.auth;
  if (auth && 'oauth' in auth) return storedOAuthTokens({ ...source, auth }, context);
  if (auth && 'clientCredentials' in auth)
    return clientCredentialTokens(source.url, auth.clientCredentials, context);
  if (auth && 'bearer' in auth) return commandTokens(auth.bearer, context);
  return noTokens(source, context);
}

/** The challenge of a 401 or 403, its body let go. */
async function consume(response: Response): Promise<Challenge> {
  const challenge = extractWWWAuthenticateParams(response);
  await response.body?.cancel().catch(() => {});
  return challenge;
}

/**
 * No `auth`: a 401 is exit 4, and says whether the server uses OAuth (its protected resource
 * metadata names an authorization server: configure a login) or not (give it a header or a
 * token command).
 */
function noTokens(source: HttpSource, context: AuthContext): TokenSource {
  const header = Object.keys(source.headers ?? {}).find((h) => h.toLowerCase() === 'authorization');
  return {
    scopeRemedy: 'the credentials lack it: give ones that carry it',
    async prepare() {},
    async current() {
      return undefined;
    },
    async renew(_sent, challenge) {
      const metadata = await discoverOAuthProtectedResourceMetadata(
        source.url,
        challenge.resourceMetadataUrl ? { resourceMetadataUrl: challenge.resourceMetadataUrl } : {},
        context.fetchFn,
      ).catch(() => undefined);
      const refused = header
        ? `the server refused the ${header} header`
        : 'the server asks for credentials';
      const servers = metadata?.authorization_servers ?? [];
      if (servers.length > 0)
        throw new AuthError(
          `server "${context.server}": HTTP 401 (unauthorized): ${refused}; it uses OAuth, with the authorization server ${servers[0]}`,
          {
            hint: `${context.advice.useOAuth}; for CI, ${context.advice.clientCredentials}`,
          },
        );
      throw new AuthError(
        `server "${context.server}": HTTP 401 (unauthorized): ${refused}, and it publishes no OAuth metadata`,
        {
          hint: "give it the credentials it expects: a header (headers: { Authorization: 'Bearer ${TOKEN}' } in the config, `mcp-codegen snapshot --header`) or a command that prints a token (auth: { bearer: { command: '...' } })",
        },
      );
    },
  };
}
