import { OAuthError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { AuthError, CodegenError } from '../../shared/errors.js';
import type { OAuthPhase } from './oauth-provider.js';
import type { LoginAdvice } from './options.js';

/** What a 401 or 403 said in its WWW-Authenticate header (RFC 6750 §3, RFC 9728 §5.1). */
export interface Challenge {
  resourceMetadataUrl?: URL;
  scope?: string;
  error?: string;
}

/** No usable login, and no terminal to log in from: the CI case, said without waiting for anything. */
export function loginNeeded(server: string, why: string, advice: LoginAdvice): AuthError {
  return new AuthError(`server "${server}": authentication needed: ${why}`, {
    hint: `run \`${advice.login}\` once in a terminal (the token is stored and refreshed), or, for CI, ${advice.clientCredentials}`,
  });
}

/** A 403: which scope the server asked for, when it said. */
export function forbidden(server: string, challenge: Challenge, remedy: string): AuthError {
  if (challenge.error === 'insufficient_scope')
    return new AuthError(
      `server "${server}": HTTP 403 (insufficient_scope): the server needs the scope ${challenge.scope ? JSON.stringify(challenge.scope) : '(it did not say which)'}`,
      { hint: remedy },
    );
  return new AuthError(
    `server "${server}": HTTP 403 (forbidden${challenge.error ? `: ${challenge.error}` : ''}): the credentials are valid but not allowed here`,
    { hint: 'ask the server operator for access for this client or account' },
  );
}

/**
 * What the SDK's `auth()` threw, in the user's terms: a refused registration, a refused client,
 * an authorization server that cannot be reached. Our own errors pass through.
 */
export function oauthFailure(
  error: unknown,
  server: string,
  phase: OAuthPhase,
  issuer: string | undefined,
): CodegenError {
  if (error instanceof CodegenError) return error;
  const at = issuer ? `the authorization server ${issuer}` : 'the authorization server';
  const message = error instanceof Error ? error.message : String(error);
  const oauth =
    error instanceof OAuthError
      ? `${error.errorCode}${error.message ? `: ${error.message}` : ''}`
      : undefined;
  if (phase === 'registration')
    return new AuthError(
      `server "${server}": ${at} refused to register mcp-codegen as a client (${oauth ?? message})`,
      {
        hint: 'register a client there by hand and give its clientId (and redirectPort, the port of its redirect URI http://127.0.0.1:<port>/callback) in auth.oauth; or a clientMetadataUrl where client ID metadata documents are supported',
        cause: error,
      },
    );
  if (error instanceof OAuthError) {
    const code = error.errorCode;
    const hint =
      code === 'invalid_client' || code === 'unauthorized_client'
        ? 'check the clientId and its secret or key, and that the client may use this grant'
        : code === 'invalid_scope'
          ? 'ask only for scopes the client is allowed (scope in auth)'
          : code === 'invalid_grant'
            ? 'the login expired or was revoked: log in again'
            : undefined;
    return new AuthError(`server "${server}": ${at} refused: ${oauth}`, { hint, cause: error });
  }
  if (error instanceof TypeError && /fetch failed/.test(message))
    return new AuthError(`server "${server}": cannot reach ${at} (${message})`, {
      hint: 'check the network; the server names this authorization server in its metadata',
      cause: error,
    });
  return new AuthError(`server "${server}": OAuth with ${at} failed: ${message}`, {
    cause: error,
  });
}
