import { createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { auth, discoverOAuthServerInfo } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { ClientCredentials } from '../../config/types.js';
import { AuthError } from '../../shared/errors.js';
import { rememberSecret } from '../../shared/secrets.js';
import { interpolateEnv } from '../env.js';
import type { AuthContext, TokenSource } from './context.js';
import { oauthFailure, type Challenge } from './failures.js';
import { checkIssuer } from './issuer.js';

/**
 * `auth: { clientCredentials }`: the SDK's `ClientCredentialsProvider` (a secret) or
 * `PrivateKeyJwtProvider` (a key), bound to the authorization server the MCP server names. The
 * token is asked for at the first 401 (whose header says where the server's metadata is), again
 * once it has expired, and lives in memory only: a CI job gets its own.
 */
export function clientCredentialTokens(
  serverUrl: string,
  config: ClientCredentials,
  context: AuthContext,
): TokenSource {
  let token: string | undefined;
  let expiresAt = Infinity;
  let lastChallenge: Challenge = {};

  const acquire = async (challenge: Challenge): Promise<string> => {
    lastChallenge = challenge;
    const info = await discoverOAuthServerInfo(serverUrl, {
      ...(challenge.resourceMetadataUrl
        ? { resourceMetadataUrl: challenge.resourceMetadataUrl }
        : {}),
      fetchFn: context.fetchFn,
    }).catch((error: unknown) => {
      throw oauthFailure(error, context.server, 'discovery', undefined);
    });
    if (!info.resourceMetadata && !info.authorizationServerMetadata)
      throw new AuthError(
        `server "${context.server}": clientCredentials is configured, but the server publishes no OAuth metadata (no protected resource metadata, no authorization server metadata at ${info.authorizationServerUrl})`,
        {
          hint: 'the server does not use OAuth: give it the credentials it expects in headers, or a bearer command',
        },
      );
    checkIssuer(info.authorizationServerUrl, info.authorizationServerMetadata);
    const provider = await sdkProvider(config, info.authorizationServerUrl, challenge, context);
    // The SDK would look the metadata up again without this: it was looked up just now.
    Object.assign(provider, {
      discoveryState: () => ({
        ...info,
        ...(challenge.resourceMetadataUrl
          ? { resourceMetadataUrl: String(challenge.resourceMetadataUrl) }
          : {}),
      }),
    });
    try {
      await auth(provider, {
        serverUrl,
        ...(challenge.resourceMetadataUrl
          ? { resourceMetadataUrl: challenge.resourceMetadataUrl }
          : {}),
        fetchFn: context.fetchFn,
      });
    } catch (error) {
      throw oauthFailure(error, context.server, 'token', info.authorizationServerUrl);
    }
    const tokens = await provider.tokens();
    if (!tokens)
      throw new AuthError(`server "${context.server}": the authorization server returned no token`);
    rememberSecret(tokens.access_token);
    expiresAt = tokens.expires_in ? Date.now() + tokens.expires_in * 1000 : Infinity;
    token = tokens.access_token;
    return token;
  };

  return {
    scopeRemedy:
      'add it to auth.clientCredentials.scope, and have the authorization server allow it for this client',
    async prepare() {},
    async current() {
      // Expired by its own lifetime: a new one now rather than a 401 first.
      if (token !== undefined && Date.now() >= expiresAt) return acquire(lastChallenge);
      return token;
    },
    async renew(sent, challenge) {
      if (token !== undefined && token !== sent) return token;
      return acquire(challenge);
    },
  };
}

async function sdkProvider(
  config: ClientCredentials,
  issuer: string,
  challenge: Challenge,
  context: AuthContext,
): Promise<OAuthClientProvider> {
  const { ClientCredentialsProvider, PrivateKeyJwtProvider } =
    await import('@modelcontextprotocol/sdk/client/auth-extensions.js');
  const where = 'auth.clientCredentials';
  const clientId = interpolateEnv(config.clientId, context.env, `${where}.clientId`);
  const configured = config.scope && interpolateEnv(config.scope, context.env, `${where}.scope`);
  const scope = configured || challenge.scope;
  const common = {
    clientId,
    expectedIssuer: issuer,
    clientName: 'mcp-codegen',
    ...(scope ? { scope } : {}),
  };
  if (config.clientSecret !== undefined) {
    const clientSecret = interpolateEnv(config.clientSecret, context.env, `${where}.clientSecret`);
    rememberSecret(clientSecret);
    return new ClientCredentialsProvider({ ...common, clientSecret });
  }
  const file = resolve(
    context.cwd,
    interpolateEnv(config.privateKeyFile!, context.env, `${where}.privateKeyFile`),
  );
  const { privateKey, algorithm } = await readPrivateKey(file);
  return new PrivateKeyJwtProvider({ ...common, privateKey, algorithm });
}

/** A PEM private key as PKCS#8, and the JWS algorithm its type implies. */
async function readPrivateKey(file: string): Promise<{ privateKey: string; algorithm: string }> {
  let pem: string;
  try {
    pem = await readFile(file, 'utf8');
  } catch (error) {
    throw new AuthError(`cannot read the private key file ${file}: ${(error as Error).message}`, {
      hint: 'privateKeyFile is relative to the config file; the key is a PEM file (PKCS#8 or PKCS#1)',
    });
  }
  rememberSecret(pem.trim());
  let key;
  try {
    key = createPrivateKey(pem);
  } catch {
    throw new AuthError(`the private key file ${file} is not a PEM private key`, {
      hint: 'give an RSA, EC (P-256/384/521) or Ed25519 private key in PEM form',
    });
  }
  const curve = key.asymmetricKeyDetails?.namedCurve;
  const algorithm =
    key.asymmetricKeyType === 'rsa'
      ? 'RS256'
      : key.asymmetricKeyType === 'ed25519'
        ? 'EdDSA'
        : key.asymmetricKeyType === 'ec' && curve === 'prime256v1'
          ? 'ES256'
          : key.asymmetricKeyType === 'ec' && curve === 'secp384r1'
            ? 'ES384'
            : key.asymmetricKeyType === 'ec' && curve === 'secp521r1'
              ? 'ES512'
              : undefined;
  if (!algorithm)
    throw new AuthError(
      `the private key in ${file} is of a kind private_key_jwt cannot sign with (${key.asymmetricKeyType}${curve ? ` ${curve}` : ''})`,
      {
        hint: 'use an RSA, EC (P-256/384/521) or Ed25519 key',
      },
    );
  const privateKey = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  rememberSecret(privateKey.trim());
  return { privateKey, algorithm };
}
