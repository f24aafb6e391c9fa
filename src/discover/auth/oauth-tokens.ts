import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { HttpSource, OAuthLogin } from '../../config/types.js';
import { rememberSecret } from '../../shared/secrets.js';
import type { AuthContext, TokenSource } from './context.js';
import { loginNeeded, oauthFailure } from './failures.js';
import { browserLogin } from './login.js';
import {
  clientMetadata,
  configuredClient,
  currentLogin,
  oauthSettings,
  usableAccessToken,
} from './oauth-config.js';
import { StoredOAuthProvider } from './oauth-provider.js';
import { authDir, label, TokenStore, type StoredServer } from './store.js';

/**
 * `auth: { oauth }` at discovery: the stored login's access token; an expired one refreshed under
 * the store's lock (the store read again inside it, so a refresh token another process just
 * redeemed is not redeemed twice); no login at all is a browser login at a terminal and exit 4
 * anywhere else, decided before the server is contacted.
 */
export function storedOAuthTokens(
  source: HttpSource & { auth: { oauth: OAuthLogin } },
  context: AuthContext,
): TokenSource {
  const store = new TokenStore(authDir(context.env, context.cwd), source.url);
  let token: string | undefined;

  const take = (value: string) => {
    rememberSecret(value);
    token = value;
    return value;
  };

  /** Under the lock: whatever is usable now, else the SDK's refresh; undefined when a login is needed. */
  const refresh = (sent: string | undefined) =>
    store.locked(async () => {
      const data = await store.read();
      const login = currentLogin(data);
      const stored = usableAccessToken(login);
      if (stored !== undefined && stored !== sent) return stored;
      if (!login?.tokens?.refresh_token) return undefined;
      return refreshWith(data, sent);
    });

  const refreshWith = async (data: StoredServer, sent: string | undefined) => {
    const settings = oauthSettings(source.auth.oauth, context.env);
    const uris = (currentLogin(data)?.client as { redirect_uris?: string[] } | undefined)
      ?.redirect_uris;
    const redirectUrl = uris?.[0] ?? 'http://127.0.0.1/callback';
    let needsLogin = false;
    const provider = new StoredOAuthProvider(data, {
      redirectUrl,
      clientMetadata: clientMetadata(redirectUrl, settings),
      ...(configuredClient(settings) ? { configuredClient: configuredClient(settings)! } : {}),
      // The SDK starts a new authorization when the refresh is refused: that is a login to do.
      onRedirect: () => {
        needsLogin = true;
      },
      persist: () => store.write(data),
    });
    try {
      const result = await auth(provider, { serverUrl: source.url, fetchFn: context.fetchFn });
      const fresh =
        result === 'AUTHORIZED' && !needsLogin ? provider.tokens()?.access_token : undefined;
      return fresh !== sent ? fresh : undefined;
    } catch (error) {
      throw oauthFailure(error, context.server, provider.phase, provider.issuer);
    }
  };

  return {
    scopeRemedy: `add it to auth.oauth.scope and run \`${context.advice.login}\` again`,
    async prepare() {
      if (token !== undefined) return;
      const data = await store.read();
      const login = currentLogin(data);
      const usable = usableAccessToken(login);
      if (usable !== undefined) return void take(usable);
      const refreshed = login?.tokens?.refresh_token ? await refresh(undefined) : undefined;
      if (refreshed !== undefined) return void take(refreshed);
      const why = login?.tokens
        ? `the stored login for ${label(source.url)} has expired and could not be refreshed`
        : `no stored login for ${label(source.url)}`;
      if (!context.interactive)
        throw loginNeeded(context.server, `${why}, and no terminal to log in from`, context.advice);
      await browserLogin(source, context, { openBrowser: true });
      const fresh = usableAccessToken(currentLogin(await store.read()));
      if (fresh === undefined) throw loginNeeded(context.server, why, context.advice);
      take(fresh);
    },
    async current() {
      return token;
    },
    async renew(sent) {
      const refreshed = await refresh(sent);
      if (refreshed !== undefined) return take(refreshed);
      throw loginNeeded(
        context.server,
        `the server refused the stored access token (HTTP 401), and the login could not be refreshed`,
        context.advice,
      );
    },
  };
}
