/**
 * Real authorization servers for the authentication tests, each in front of a real MCP server that
 * checks every access token and its resource indicator (RFC 8707): nothing here answers for the
 * protocol itself.
 *
 * - `startOidcStack`: oidc-provider (the certified OAuth 2.0 / OpenID Connect server for Node) in
 *   this process, with dynamic registration, client credentials (a secret and private_key_jwt),
 *   the authorization code flow with its development login and consent screens, rotating refresh
 *   tokens and resource indicators; and an SDK v1 `McpServer` behind the SDK's `requireBearerAuth`,
 *   which looks each token up in that provider (as introspection would) and wants its audience to
 *   be the server's URL.
 * - `startSdkDemo`: the SDK's own example (`simpleStreamableHttp.js --oauth --oauth-strict`): its
 *   auth router and demo provider, which registers clients dynamically and approves at once.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpExpressApp } from '@modelcontextprotocol/sdk/server/express.js';
import {
  getOAuthProtectedResourceMetadataUrl,
  mcpAuthMetadataRouter,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { metadataHandler } from '@modelcontextprotocol/sdk/server/auth/handlers/metadata.js';
import { InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { OAuthMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';
import Provider, { errors } from 'oidc-provider';
import { z } from 'zod';
import { startServer, type Running } from './servers.js';

export interface OidcStack {
  /** The MCP server's URL: the resource every token must be for. */
  mcpUrl: string;
  issuer: string;
  /** Client credentials registered with the provider (the secret and the private key are the run's). */
  secretClient: { clientId: string; clientSecret: string };
  jwtClient: { clientId: string; privateKeyPem: string };
  /** Access tokens of the resource issued from now on live this many seconds. */
  setAccessTokenTtl(seconds: number): void;
  /** Every token the MCP server accepted so far is refused from now on, as if it had expired. */
  expireAcceptedTokens(): void;
  /** The scopes a request must carry (default mcp:tools); more make it a 403 insufficient_scope. */
  requireScopes(scopes: string[]): void;
  /** Dynamic registration answers invalid_client_metadata from now on (until switched back). */
  refuseRegistrations(refuse: boolean): void;
  /**
   * Another MCP server of the same tokens whose protected resource metadata names itself as the
   * authorization server and relays the real one's metadata: an issuer mismatch.
   */
  impostorUrl: string;
  /** Adds a tool on every open session (which sends notifications/tools/list_changed). */
  addTool(name: string): void;
  /** How many requests carried a token the MCP server refused (expired or unknown). */
  refusedTokens(): number;
  /** What reached the authorization server's token endpoint, by grant type. */
  grants: Record<string, number>;
  /** Every access token, refresh token and client secret issued or used in this run. */
  secrets(): string[];
  close(): Promise<void>;
}

const RESOURCE_SCOPE = 'mcp:tools';

export async function startOidcStack(): Promise<OidcStack> {
  const [asServer, mcpServer] = [createServer(), createServer()];
  await Promise.all([listen(asServer), listen(mcpServer)]);
  const issuer = `http://127.0.0.1:${port(asServer)}`;
  const mcpUrl = `http://127.0.0.1:${port(mcpServer)}/mcp`;
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const secretClient = {
    clientId: 'ci-secret',
    clientSecret: `cs-${randomBytes(18).toString('hex')}`,
  };
  const jwtClient = {
    clientId: 'ci-jwt',
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
  let accessTtl = 3600;
  let refuseRegistration = false;
  const issued = new Set<string>([secretClient.clientSecret]);
  const grants: Record<string, number> = {};
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: secretClient.clientId,
        client_secret: secretClient.clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        scope: RESOURCE_SCOPE,
      },
      {
        client_id: jwtClient.clientId,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...publicKey.export({ format: 'jwk' }), alg: 'ES256', use: 'sig' }] },
        scope: RESOURCE_SCOPE,
      },
    ],
    features: {
      clientCredentials: { enabled: true },
      registration: { enabled: true },
      devInteractions: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => mcpUrl,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== mcpUrl) throw new errors.InvalidTarget();
          return {
            scope: `${RESOURCE_SCOPE} mcp:admin`,
            audience: mcpUrl,
            accessTokenTTL: accessTtl,
          };
        },
      },
    },
    scopes: ['openid', 'offline_access', RESOURCE_SCOPE, 'mcp:admin'],
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: () => accessTtl,
      ClientCredentials: () => accessTtl,
      RefreshToken: 86_400,
      Interaction: 600,
      Session: 3600,
      Grant: 86_400,
    },
    // A switch for the refused-registration case: oidc-provider validates extra metadata per request.
    extraClientMetadata: {
      properties: ['software_id'],
      validator: () => {
        if (refuseRegistration) throw new errors.InvalidClientMetadata('registration is closed');
      },
    },
    findAccount: async (_ctx, sub) => ({ accountId: sub, claims: async () => ({ sub }) }),
    cookies: { keys: [randomBytes(16).toString('hex')] },
  });
  provider.on('grant.success', (ctx) => {
    const type = String((ctx.oidc.params as { grant_type?: string } | undefined)?.grant_type);
    grants[type] = (grants[type] ?? 0) + 1;
    const body = ctx.body as { access_token?: string; refresh_token?: string } | undefined;
    if (body?.access_token) issued.add(body.access_token);
    if (body?.refresh_token) issued.add(body.refresh_token);
  });
  provider.on('authorization_code.saved', (code) => void issued.add(code.jti));
  provider.on('registration_create.success', (_ctx, client) => {
    if (client.clientSecret) issued.add(client.clientSecret);
  });
  asServer.on('request', provider.callback());

  const expired = new Set<string>();
  const refused = { count: 0 };
  const accepted = new Set<string>();
  let required = [RESOURCE_SCOPE];
  const verifier = {
    async verifyAccessToken(token: string): Promise<AuthInfo> {
      const found =
        (await provider.AccessToken.find(token)) ?? (await provider.ClientCredentials.find(token));
      if (!found || found.isExpired || expired.has(token)) {
        refused.count++;
        throw new InvalidTokenError('The access token expired or is unknown');
      }
      accepted.add(token);
      return {
        token,
        clientId: found.clientId!,
        scopes: (found.scope ?? '').split(' ').filter(Boolean),
        expiresAt: found.exp!,
        ...(typeof found.aud === 'string' ? { resource: new URL(found.aud) } : {}),
      };
    },
  };
  const discovery = (await (
    await fetch(`${issuer}/.well-known/openid-configuration`)
  ).json()) as OAuthMetadata;
  const app = createMcpExpressApp({ host: '127.0.0.1' });
  app.use(
    mcpAuthMetadataRouter({
      oauthMetadata: discovery,
      resourceServerUrl: new URL(mcpUrl),
      scopesSupported: [RESOURCE_SCOPE],
    }),
  );
  const bearerFor =
    (resource: string): ReturnType<typeof requireBearerAuth> =>
    (req, res, next) =>
      requireBearerAuth({
        verifier,
        requiredScopes: required,
        resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(resource)),
        expectedResource: new URL(resource),
      })(req, res, next);
  const sessions = mcpSessions();
  app.all('/mcp', bearerFor(mcpUrl), sessions.handle);
  mcpServer.on('request', app);
  const impostor = createServer();
  await listen(impostor);
  const impostorOrigin = `http://127.0.0.1:${port(impostor)}`;
  const impostorUrl = `${impostorOrigin}/mcp`;
  const relay = createMcpExpressApp({ host: '127.0.0.1' });
  relay.use(
    '/.well-known/oauth-protected-resource/mcp',
    metadataHandler({ resource: impostorUrl, authorization_servers: [impostorOrigin] }),
  );
  relay.use('/.well-known/oauth-authorization-server', metadataHandler(discovery));
  relay.all('/mcp', bearerFor(impostorUrl), sessions.handle);
  impostor.on('request', relay);

  return {
    mcpUrl,
    issuer,
    secretClient,
    jwtClient,
    grants,
    setAccessTokenTtl: (seconds) => void (accessTtl = seconds),
    expireAcceptedTokens: () => {
      for (const token of accepted) expired.add(token);
    },
    requireScopes: (scopes) => void (required = scopes),
    refuseRegistrations: (refuse) => void (refuseRegistration = refuse),
    refusedTokens: () => refused.count,
    impostorUrl,
    addTool: sessions.addTool,
    secrets: () => [...issued],
    close: async () => {
      await sessions.close();
      await Promise.all([stop(asServer), stop(mcpServer), stop(impostor)]);
    },
  };
}

/** Stateful Streamable HTTP sessions of a small McpServer whose tool list can grow. */
function mcpSessions() {
  const tools = ['forecast'];
  const open = new Map<string, { server: McpServer; transport: StreamableHTTPServerTransport }>();
  const register = (server: McpServer, name: string) =>
    server.registerTool(
      name,
      { description: `The ${name} tool.`, inputSchema: { city: z.string() } },
      async ({ city }) => ({ content: [{ type: 'text', text: `${name} for ${city}` }] }),
    );
  return {
    addTool(name: string) {
      tools.push(name);
      for (const { server } of open.values()) register(server, name);
    },
    async handle(req: IncomingMessage & { body?: unknown }, res: ServerResponse) {
      const id = req.headers['mcp-session-id'];
      const existing = typeof id === 'string' ? open.get(id) : undefined;
      if (existing) return existing.transport.handleRequest(req, res, req.body);
      if (req.method !== 'POST' || (req.body as { method?: string })?.method !== 'initialize')
        return void res.writeHead(400, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            jsonrpc: '2.0',
            error: { code: -32000, message: 'Bad Request: No valid session ID provided' },
            id: null,
          }),
        );
      const server = new McpServer(
        { name: 'oidc-protected', version: '1.0.0' },
        { capabilities: { tools: { listChanged: true } } },
      );
      for (const name of tools) register(server, name);
      const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomBytes(12).toString('hex'),
        onsessioninitialized: (sid) => void open.set(sid, { server, transport }),
      });
      transport.onclose = () => {
        if (transport.sessionId) open.delete(transport.sessionId);
      };
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
    async close() {
      await Promise.all([...open.values()].map(({ server }) => server.close()));
    },
  };
}

/** The SDK's example server with OAuth: its auth router and demo provider, each on a port of its own. */
export async function startSdkDemo(): Promise<Running & { mcpUrl: string; authUrl: string }> {
  const [mcpPort, authPort] = await freePorts(2);
  const running = await startServer(
    process.execPath,
    [
      new URL(
        '../../node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js',
        import.meta.url,
      ).pathname,
      '--oauth',
      '--oauth-strict',
    ],
    {
      env: { MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
      ready: /MCP Streamable HTTP Server listening on port (\d+)/,
    },
  );
  return {
    ...running,
    mcpUrl: `http://localhost:${mcpPort}/mcp`,
    authUrl: `http://localhost:${authPort}/`,
  };
}

async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer());
  await Promise.all(servers.map(listen));
  const ports = servers.map(port);
  await Promise.all(servers.map(stop));
  return ports;
}

async function listen(server: Server): Promise<void> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
}

function port(server: Server): number {
  return (server.address() as AddressInfo).port;
}

function stop(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((done) => server.close(() => done()));
}

/**
 * A person in a browser, over HTTP: follows `url` through redirects with the cookies they set,
 * fills each form on the way (oidc-provider's login, then its consent) and stops at the loopback
 * callback, whose answer it returns.
 */
export async function followLogin(
  url: string,
  login = 'alice',
): Promise<{ status: number; body: string }> {
  const cookies = new Map<string, string>();
  let next: { url: string; init: RequestInit } = { url, init: {} };
  for (let step = 0; step < 20; step++) {
    const response = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: {
        ...(next.init.headers as Record<string, string>),
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    const location = response.headers.get('location');
    const host = new URL(next.url).hostname;
    if (location) {
      next = { url: new URL(location, next.url).href, init: {} };
      continue;
    }
    const body = await response.text();
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(body);
    if (host === '127.0.0.1' && new URL(next.url).pathname === '/callback')
      return { status: response.status, body };
    if (!form) return { status: response.status, body };
    const fields = new URLSearchParams();
    for (const [tag] of form[2]!.matchAll(/<input[^>]*>/g)) {
      const name = /name="([^"]*)"/.exec(tag)?.[1];
      if (name) fields.set(name, /value="([^"]*)"/.exec(tag)?.[1] ?? '');
    }
    fields.set('login', login);
    fields.set('password', 'any');
    next = {
      url: new URL(form[1]!.replace(/&amp;/g, '&'), next.url).href,
      init: {
        method: 'POST',
        body: fields,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
    };
  }
  throw new Error(`no callback after 20 steps from ${url}`);
}
