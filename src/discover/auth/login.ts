import { auth, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import type { HttpSource, OAuthLogin } from '../../config/types.js';
import { AuthError } from '../../shared/errors.js';
import { interpolateRecord } from '../env.js';
import type { AuthContext } from './context.js';
import { oauthFailure, type Challenge } from './failures.js';
import { listenLoopback, openBrowser, type Loopback } from './loopback.js';
import {
  clientMetadata,
  configuredClient,
  currentLogin,
  oauthSettings,
  registeredPort,
} from './oauth-config.js';
import { StoredOAuthProvider } from './oauth-provider.js';
import { authDir, TokenStore } from './store.js';

/** How long `login` waits for the browser to come back. */
const LOGIN_TIMEOUT_MS = 5 * 60_000;

export interface LoginResult {
  issuer: string | undefined;
  storeFile: string;
}

/**
 * The browser flow: the SDK's `auth()` discovers the authorization server, registers (or uses the
 * configured client or its metadata document), and builds the authorization URL with PKCE and the
 * resource indicator; the user opens it (`openBrowser`, else it is only printed), the loopback
 * server on 127.0.0.1 receives the code, and `auth()` exchanges it. The tokens are stored only
 * once the exchange succeeded: a login that fails leaves the previous one as it was.
 */
export async function browserLogin(
  source: HttpSource & { auth: { oauth: OAuthLogin } },
  context: AuthContext,
  options: { openBrowser: boolean; timeoutMs?: number },
): Promise<LoginResult> {
  const settings = oauthSettings(source.auth.oauth, context.env);
  const store = new TokenStore(authDir(context.env, context.cwd), source.url);
  const data = await store.read();
  const previousPort = registeredPort(currentLogin(data));
  // A login looks the authorization server up afresh: the server may have moved to another.
  delete data.discovery;
  const challenge = await probeChallenge(source.url, source.headers, context);
  const loopback = await loopbackFor(settings.redirectPort, previousPort);
  const provider = new StoredOAuthProvider(data, {
    redirectUrl: loopback.redirectUrl,
    clientMetadata: clientMetadata(loopback.redirectUrl, settings),
    ...(settings.clientMetadataUrl ? { clientMetadataUrl: settings.clientMetadataUrl } : {}),
    ...(configuredClient(settings) ? { configuredClient: configuredClient(settings)! } : {}),
    fresh: true,
    onRedirect: (url) => {
      const opened = options.openBrowser && openBrowser(url.href, context.env);
      context.print(
        opened
          ? `Opening the browser to log in to ${context.server}. If it does not open, visit:\n${url.href}`
          : `To log in to ${context.server}, open this URL in a browser:\n${url.href}`,
      );
      context.print(`Waiting for the browser to come back to ${loopback.redirectUrl} ...`);
    },
    persist: () => store.locked(() => store.write(data)),
  });
  const scope = settings.scope ?? challenge.scope;
  const common = {
    serverUrl: source.url,
    ...(scope ? { scope } : {}),
    ...(challenge.resourceMetadataUrl
      ? { resourceMetadataUrl: challenge.resourceMetadataUrl }
      : {}),
    fetchFn: context.fetchFn,
  };
  try {
    const first = await auth(provider, common);
    if (first === 'REDIRECT') {
      const code = await loopback.code(provider.state(), options.timeoutMs ?? LOGIN_TIMEOUT_MS);
      provider.phase = 'token';
      await auth(provider, { ...common, authorizationCode: code });
    }
  } catch (error) {
    throw oauthFailure(error, context.server, provider.phase, provider.issuer);
  } finally {
    await loopback.close();
  }
  return { issuer: provider.issuer, storeFile: store.file };
}

/** The configured port (must be free), else the stored registration's (if free), else any. */
async function loopbackFor(
  fixed: number | undefined,
  previous: number | undefined,
): Promise<Loopback> {
  if (fixed !== undefined) return (await listenLoopback(fixed, true))!;
  const reused = previous !== undefined ? await listenLoopback(previous, false) : undefined;
  return reused ?? (await listenLoopback(0, false))!;
}

/**
 * One unauthenticated request, for what the server's 401 says: where its protected resource
 * metadata is (RFC 9728 §5.1) and which scope it wants. A server that does not answer 401 says
 * nothing, and the SDK looks the metadata up at its well-known place.
 */
async function probeChallenge(
  url: string,
  headers: Record<string, string> | undefined,
  context: AuthContext,
): Promise<Challenge> {
  let response: Response;
  try {
    response = await context.fetchFn(url, {
      method: 'GET',
      headers: {
        accept: 'text/event-stream',
        ...interpolateRecord(headers, context.env, 'the header'),
      },
      redirect: 'manual',
    });
  } catch (error) {
    throw new AuthError(
      `server "${context.server}": cannot reach ${url.split('?')[0]}: ${(error as Error).message}`,
      {
        hint: 'is the server running, and is the URL right?',
        cause: error,
      },
    );
  }
  await response.body?.cancel().catch(() => {});
  return response.status === 401 || response.status === 403
    ? extractWWWAuthenticateParams(response)
    : {};
}
