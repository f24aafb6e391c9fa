import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthLogin } from '../../config/types.js';
import type { Environment } from '../../shared/host.js';
import { rememberSecret } from '../../shared/secrets.js';
import { interpolateEnv } from '../env.js';
import type { IssuerLogin, StoredServer } from './store.js';

/** `auth.oauth` with its `${NAME}`s read from the environment. */
export interface OAuthSettings {
  clientId?: string;
  clientSecret?: string;
  clientMetadataUrl?: string;
  scope?: string;
  redirectPort?: number;
}

export function oauthSettings(config: OAuthLogin, env: Environment): OAuthSettings {
  const read = (key: 'clientId' | 'clientSecret' | 'clientMetadataUrl' | 'scope') =>
    config[key] === undefined
      ? {}
      : { [key]: interpolateEnv(config[key], env, `auth.oauth.${key}`) };
  const settings: OAuthSettings = {
    ...read('clientId'),
    ...read('clientSecret'),
    ...read('clientMetadataUrl'),
    ...read('scope'),
    ...(config.redirectPort !== undefined ? { redirectPort: config.redirectPort } : {}),
  };
  rememberSecret(settings.clientSecret);
  return settings;
}

/** A client registered by hand, as the SDK takes one. */
export function configuredClient(
  settings: OAuthSettings,
): { client_id: string; client_secret?: string } | undefined {
  if (settings.clientId === undefined) return undefined;
  return {
    client_id: settings.clientId,
    ...(settings.clientSecret !== undefined ? { client_secret: settings.clientSecret } : {}),
  };
}

/**
 * What dynamic registration asks for: a native app (RFC 8252) with a loopback redirect, the code
 * and refresh grants, and no secret unless one was registered by hand.
 */
export function clientMetadata(redirectUrl: string, settings: OAuthSettings): OAuthClientMetadata {
  const metadata: OAuthClientMetadata & { application_type: string } = {
    client_name: 'mcp-codegen',
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: settings.clientSecret ? 'client_secret_basic' : 'none',
    application_type: 'native',
    software_id: 'mcp-codegen',
    ...(settings.scope ? { scope: settings.scope } : {}),
  };
  return metadata;
}

/** The stored login of the issuer the server named last, if any. */
export function currentLogin(data: StoredServer): IssuerLogin | undefined {
  const issuer = data.discovery?.authorizationServerUrl;
  return issuer !== undefined && Object.hasOwn(data.issuers, issuer)
    ? data.issuers[issuer]
    : undefined;
}

/** The access token, while its lifetime (`expires_in` from when it was saved) lasts. */
export function usableAccessToken(login: IssuerLogin | undefined): string | undefined {
  const tokens = login?.tokens;
  if (!login || !tokens?.access_token) return undefined;
  const lifetime = tokens.expires_in;
  if (
    lifetime !== undefined &&
    login.savedAt !== undefined &&
    Date.now() >= login.savedAt + lifetime * 1000
  )
    return undefined;
  return tokens.access_token;
}

/** The port of a stored registration's loopback redirect URI, so a new login can reuse it. */
export function registeredPort(login: IssuerLogin | undefined): number | undefined {
  const uris = (login?.client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
  const first = Array.isArray(uris)
    ? uris.find((u): u is string => typeof u === 'string')
    : undefined;
  if (!first) return undefined;
  try {
    const url = new URL(first);
    return url.hostname === '127.0.0.1' && url.port ? Number(url.port) : undefined;
  } catch {
    return undefined;
  }
}
