/** The `auth` block of a `url` source (see "Authentication" in the README). */

/** One way to authenticate to a `url` source. */
export type HttpAuth =
  { oauth: OAuthLogin } | { clientCredentials: ClientCredentials } | { bearer: BearerCommand };

/**
 * The browser flow (`mcp-codegen login <server>`): authorization code with PKCE, the client
 * registered dynamically unless `clientId` or `clientMetadataUrl` is given. Tokens are stored
 * outside the repository and refreshed silently. Values take `${NAME}` from the environment.
 */
export interface OAuthLogin {
  /** A client registered by hand with the authorization server (else dynamic registration). */
  clientId?: string;
  /** That client's secret, as `${NAME}`; most such clients are public and have none. */
  clientSecret?: string;
  /** An https URL of a client ID metadata document, used where the authorization server supports them. */
  clientMetadataUrl?: string;
  /** The scopes to ask for, space-separated (default: what the server's metadata lists). */
  scope?: string;
  /** The loopback port of the redirect URI `http://127.0.0.1:<port>/callback` (default: a free one). */
  redirectPort?: number;
}

/** The client credentials grant, for CI: a client secret or a private key (private_key_jwt). */
export interface ClientCredentials {
  clientId: string;
  /** The client secret, as `${NAME}` so it stays in the environment. */
  clientSecret?: string;
  /** A PEM private key (RSA, EC or Ed25519) whose public key is registered with the client, relative to the config. */
  privateKeyFile?: string;
  scope?: string;
}

/** A command that prints a token (`gh auth token`): run without a shell, never cached or written. */
export interface BearerCommand {
  /** A command line split as `stdio` is (no shell, no `${NAME}`), or an argv array. */
  command: string | string[];
}
