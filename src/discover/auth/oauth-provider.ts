import { randomBytes } from 'node:crypto';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { rememberSecret } from '../../shared/secrets.js';
import { checkIssuer } from './issuer.js';
import type { IssuerLogin, StoredServer } from './store.js';

/** What the SDK's `auth()` is doing when it fails, to word the error: registration is refused differently. */
export type OAuthPhase = 'discovery' | 'registration' | 'authorization' | 'token';

export interface StoredProviderOptions {
  /** The loopback redirect URI of this login (or of the stored registration, to refresh). */
  redirectUrl: string;
  clientMetadata: OAuthClientMetadata;
  clientMetadataUrl?: string;
  /** A client registered by hand (config `clientId`/`clientSecret`): never stored, never re-registered. */
  configuredClient?: { client_id: string; client_secret?: string };
  /** A fresh login: stored tokens are not offered to `auth()` (they are replaced once it succeeds). */
  fresh?: boolean;
  /** Sends the user to the authorization URL; refreshing passes one that says a login is needed. */
  onRedirect(url: URL): void | Promise<void>;
  /** Writes `data` (atomically); called after every change the SDK makes. */
  persist(): Promise<void>;
}

/**
 * The SDK's `OAuthClientProvider` over one server's entry of the token store: the SDK runs the
 * protocol (discovery, registration or a client ID metadata document, PKCE, resource indicators,
 * the code exchange, refresh) and this keeps what it hands over, per issuer, as it hands it over.
 */
export class StoredOAuthProvider implements OAuthClientProvider {
  phase: OAuthPhase = 'discovery';
  private verifier = '';
  private readonly stateValue = randomBytes(24).toString('base64url');
  private freshTokens: OAuthTokens | undefined;

  constructor(
    private readonly data: StoredServer,
    private readonly options: StoredProviderOptions,
  ) {}

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return this.options.clientMetadata;
  }

  /** The issuer the server names now (the SDK's discovery state); logins of others are kept, unused. */
  get issuer(): string | undefined {
    return this.data.discovery?.authorizationServerUrl;
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const stored = this.login()?.client;
    const uris = (stored as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    // A registration made for another loopback port is of no use to this login: register again.
    const fits = !Array.isArray(uris) || uris.includes(this.redirectUrl);
    const client = this.options.configuredClient ?? (fits ? stored : undefined);
    // Without one the SDK registers next (or adopts the client ID metadata document's URL).
    if (!client) this.phase = 'registration';
    return client;
  }

  async saveClientInformation(info: OAuthClientInformationMixed): Promise<void> {
    // The SDK stamps a configured client with its issuer after first use: the config stays the source.
    if (this.options.configuredClient) return;
    rememberSecret(info.client_secret);
    this.login(info.issuer, true)!.client = info;
    this.phase = 'authorization';
    await this.options.persist();
  }

  tokens(): OAuthTokens | undefined {
    return this.options.fresh ? this.freshTokens : this.login()?.tokens;
  }

  async saveTokens(tokens: OAuthTokens): Promise<void> {
    rememberSecret(tokens.access_token);
    rememberSecret(tokens.refresh_token);
    rememberSecret(tokens.id_token);
    this.freshTokens = tokens;
    const login = this.login(tokens.issuer, true)!;
    login.tokens = tokens;
    login.savedAt = Date.now();
    await this.options.persist();
  }

  async redirectToAuthorization(url: URL): Promise<void> {
    this.phase = 'authorization';
    await this.options.onRedirect(url);
  }

  saveCodeVerifier(verifier: string): void {
    rememberSecret(verifier);
    this.verifier = verifier;
  }

  codeVerifier(): string {
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    if (this.data.discovery) this.phase = 'token';
    return this.data.discovery;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    // RFC 8414 §3.3, which this SDK version leaves to its caller: the metadata must name the
    // issuer it was fetched for, or a server could send us to an authorization server of its choice.
    checkIssuer(state.authorizationServerUrl, state.authorizationServerMetadata);
    this.data.discovery = state;
    this.phase = 'token';
    await this.options.persist();
  }

  async invalidateCredentials(
    scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery',
  ): Promise<void> {
    const login = this.login();
    if (scope === 'all' || scope === 'discovery') delete this.data.discovery;
    if (login && (scope === 'all' || scope === 'client')) delete login.client;
    if (login && (scope === 'all' || scope === 'tokens')) {
      delete login.tokens;
      delete login.savedAt;
      this.freshTokens = undefined;
    }
    await this.options.persist();
  }

  /** The stored login for `issuer` (default: the current one), created when `create`. */
  private login(issuer = this.issuer, create = false): IssuerLogin | undefined {
    if (issuer === undefined) return undefined;
    const logins = this.data.issuers;
    if (!Object.hasOwn(logins, issuer)) {
      if (!create) return undefined;
      logins[issuer] = {};
    }
    return logins[issuer];
  }
}
