import type { AuthorizationServerMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import { AuthError } from '../../shared/errors.js';

/**
 * An authorization server's metadata must name, as `issuer`, the URL it was looked up for
 * (RFC 8414 §3.3; OpenID Connect Discovery §4.3). Compared as parsed URLs, one trailing `/` apart.
 */
export function checkIssuer(
  authorizationServerUrl: string,
  metadata: AuthorizationServerMetadata | undefined,
): void {
  if (!metadata || sameIssuer(authorizationServerUrl, metadata.issuer)) return;
  throw new AuthError(
    `issuer mismatch: the server names the authorization server ${authorizationServerUrl}, but that server's metadata says its issuer is ${JSON.stringify(metadata.issuer)}`,
    {
      hint: "a misconfigured or impersonated authorization server: nothing was sent to it; report it to the server's operators",
    },
  );
}

function sameIssuer(a: string, b: string): boolean {
  const norm = (value: string) => {
    try {
      return new URL(value).href.replace(/\/$/, '');
    } catch {
      return value.replace(/\/$/, '');
    }
  };
  return norm(a) === norm(b);
}
