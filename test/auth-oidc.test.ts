/**
 * Authentication against oidc-provider, a certified OAuth 2.0 server, in front of an MCP server
 * that checks each access token and its resource indicator (test/helpers/auth-servers.ts): client
 * credentials with a secret and with a private-key JWT, the browser login with dynamic
 * registration (its login and consent screens filled in over HTTP), rotating refresh tokens under
 * the store's lock, `--watch` and `diff --live` across a refresh, and the errors a user can act
 * on. One provider for the file; the last test looks through every file written and every line
 * printed for the run's tokens and secrets. The bin runs need `npm run build` first.
 */
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { discoverAndUse } from '../src/snapshot/discover.js';
import { watchAndGenerate } from '../src/generate/watch.js';
import { loadConfig } from '../src/config/load.js';
import { AuthRuns } from './helpers/auth-cli.js';
import { startOidcStack, type OidcStack } from './helpers/auth-servers.js';

let stack: OidcStack;
const runs = new AuthRuns();
/** The browser-login project every later test reuses: logged in once. */
let oauth: { dir: string; store: string; env: NodeJS.ProcessEnv };

before(async () => {
  stack = await startOidcStack();
  const project = runs.project('oidc', [
    { name: 'oidc', source: { url: stack.mcpUrl, auth: { oauth: {} } }, out: 'client' },
  ]);
  // A folder login creates: its mode is ours to set.
  const store = join(project.store, 'tokens');
  oauth = { ...project, store, env: { ...process.env, MCP_CODEGEN_AUTH_DIR: store } };
});
after(() => stack.close());

const grants = (type: string) => stack.grants[type] ?? 0;

test('client credentials with a secret from the environment: snapshot --url --auth client-credentials', async () => {
  const { dir } = runs.project('cc-secret', []);
  const before = grants('client_credentials');
  const run = await runs.run(
    [
      'snapshot',
      '--url',
      stack.mcpUrl,
      '--auth',
      'client-credentials',
      '--client-id',
      stack.secretClient.clientId,
      '--client-secret-env',
      'MCP_TEST_SECRET',
      '--out',
      'api.snapshot.json',
    ],
    { cwd: dir, env: { ...process.env, MCP_TEST_SECRET: stack.secretClient.clientSecret } },
  );
  assert.equal(run.code, 0, run.stderr);
  const snapshot = JSON.parse(readFileSync(join(dir, 'api.snapshot.json'), 'utf8')) as {
    tools: Array<{ name: string }>;
  };
  assert.deepEqual(
    snapshot.tools.map((t) => t.name),
    ['forecast'],
  );
  assert.equal(grants('client_credentials'), before + 1);
});

test('client credentials with a private-key JWT; a refused token mid-session is replaced by a new one', async () => {
  // The key lives outside the project: the project's files are searched for secrets at the end.
  const { dir, store } = runs.project('cc-jwt', []);
  const keyFile = join(store, 'ci.pem');
  writeFileSync(keyFile, stack.jwtClient.privateKeyPem);
  const source = {
    url: stack.mcpUrl,
    auth: { clientCredentials: { clientId: stack.jwtClient.clientId, privateKeyFile: keyFile } },
  };
  const before = grants('client_credentials');
  const answer = await discoverAndUse(
    source,
    { cwd: dir, env: process.env, serverLabel: 'oidc-jwt' },
    async (snapshot, callTool) => {
      assert.equal(snapshot.tools.length, 1);
      stack.expireAcceptedTokens();
      return callTool('forecast', { city: 'Oslo' });
    },
  );
  assert.deepEqual((answer as { content: unknown }).content, [
    { type: 'text', text: 'forecast for Oslo' },
  ]);
  assert.equal(
    grants('client_credentials'),
    before + 2,
    'one token at the start, one after the 401',
  );
});

test('login: dynamic registration, login and consent over HTTP; the store is 0600 in a 0700 folder', async () => {
  const before = grants('authorization_code');
  const run = await runs.login('oidc', { cwd: oauth.dir, env: oauth.env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stdout,
    /^logged in to oidc \(authorization server http:\/\/127\.0\.0\.1:\d+\); stored in /,
  );
  assert.match(run.stderr, /open this URL in a browser:\nhttp:\/\/127\.0\.0\.1:\d+\/auth\?/);
  assert.equal(grants('authorization_code'), before + 1);
  const file = run.stdout.trim().split('stored in ')[1]!;
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(oauth.store).mode & 0o077, 0, 'the store folder is the user’s alone');
  const stored = JSON.parse(readFileSync(file, 'utf8')) as {
    issuers: Record<string, { tokens?: { refresh_token?: string } }>;
  };
  assert.ok(
    stored.issuers[stack.issuer]?.tokens?.refresh_token,
    'keyed by issuer, with a refresh token',
  );
});

test('after login, generate works in a new process without a terminal', async () => {
  const run = await runs.spawnBin(['generate'], { cwd: oauth.dir, env: oauth.env });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stderr, /oidc: tools\/list: 1 tool in 1 page/);
});

test('a login past its lifetime is refreshed before the first request (shortened lifetime)', async () => {
  stack.setAccessTokenTtl(1);
  try {
    const login = await runs.login('oidc', { cwd: oauth.dir, env: oauth.env });
    assert.equal(login.code, 0, login.stderr);
    // The refreshed token lives long: a slow run must not see it expire too.
    stack.setAccessTokenTtl(3600);
    // The login's access token lives one second; past it, the run refreshes before it sends.
    const refreshed = grants('refresh_token');
    const refused = stack.refusedTokens();
    await new Promise((done) => setTimeout(done, 1100));
    const snapshot = ['snapshot', '--url', stack.mcpUrl, '--auth', 'oauth', '--out', 'ttl.json'];
    const run = await runs.run(snapshot, { cwd: oauth.dir, env: oauth.env });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(grants('refresh_token'), refreshed + 1);
    assert.equal(stack.refusedTokens(), refused, 'refreshed before sending: no 401 first');
  } finally {
    stack.setAccessTokenTtl(3600);
    stack.expireAcceptedTokens();
  }
});

test('two processes refresh at once: the rotating refresh token is redeemed once', async () => {
  stack.expireAcceptedTokens();
  const before = grants('refresh_token');
  const args = (out: string) => [
    'snapshot',
    '--url',
    stack.mcpUrl,
    '--auth',
    'oauth',
    '--out',
    out,
  ];
  const [a, b] = await Promise.all([
    runs.spawnBin(args('a.json'), { cwd: oauth.dir, env: oauth.env }),
    runs.spawnBin(args('b.json'), { cwd: oauth.dir, env: oauth.env }),
  ]);
  assert.equal(a.code, 0, a.stderr);
  assert.equal(b.code, 0, b.stderr);
  assert.equal(grants('refresh_token'), before + 1);
});

test(
  'generate --watch and diff --live keep working across a token refresh',
  { timeout: 120_000 },
  async () => {
    const config = await loadConfig({ cwd: oauth.dir });
    const lines: string[] = [];
    let wake = () => {};
    const line = async (pattern: RegExp) => {
      for (;;) {
        const index = lines.findIndex((l) => pattern.test(l));
        if (index !== -1) return lines.splice(0, index + 1).at(-1)!;
        await new Promise<void>((done) => (wake = done));
      }
    };
    const stop = new AbortController();
    const problems: unknown[] = [];
    const watching = watchAndGenerate({
      load: async () => config,
      generate: { env: oauth.env, cache: false },
      print: (l) => {
        lines.push(l);
        wake();
      },
      problem: (error) => problems.push(error),
      warn: () => {},
      stop: stop.signal,
    });
    try {
      await line(/^watching .* and 1 live server/);
      const before = grants('refresh_token');
      stack.expireAcceptedTokens();
      stack.addTool('radar');
      assert.match(await line(/^oidc: tools list changed/), /wrote .*client\/tools\.ts/);
      assert.equal(grants('refresh_token'), before + 1);
      assert.deepEqual(problems, []);
    } finally {
      stop.abort();
      await watching;
    }
    stack.expireAcceptedTokens();
    const before = grants('refresh_token');
    const diff = await runs.run(['diff', 'client/snapshot.json', '--live', '--server', 'oidc'], {
      cwd: oauth.dir,
      env: oauth.env,
    });
    assert.equal(diff.code, 0, diff.stderr + diff.stdout);
    assert.equal(grants('refresh_token'), before + 1);
  },
);

test('a 403 insufficient_scope names the scope the server asked for (exit 4)', async () => {
  stack.requireScopes(['mcp:tools', 'mcp:admin']);
  try {
    const run = await runs.run(['generate'], { cwd: oauth.dir, env: oauth.env });
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      /server "oidc": HTTP 403 \(insufficient_scope\): the server needs the scope "mcp:tools mcp:admin"\n  hint: add it to auth\.oauth\.scope and run `mcp-codegen login oidc` again/,
    );
  } finally {
    stack.requireScopes(['mcp:tools']);
  }
});

test('a refused registration says so and how to register by hand (exit 4)', async () => {
  stack.refuseRegistrations(true);
  try {
    const run = await runs.loginUnattended('oidc', [
      { name: 'oidc', source: { url: stack.mcpUrl, auth: { oauth: {} } }, out: 'client' },
    ]);
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      /refused to register mcp-codegen as a client \(invalid_client_metadata: registration is closed\)/,
    );
    assert.match(run.stderr, /hint: register a client there by hand and give its clientId/);
  } finally {
    stack.refuseRegistrations(false);
  }
});

test('an issuer mismatch stops before any credential is sent; a wrong secret is invalid_client (exit 4)', async () => {
  const { dir } = runs.project('mismatch', []);
  const env = { ...process.env, MCP_TEST_SECRET: stack.secretClient.clientSecret };
  const before = grants('client_credentials');
  const flags = [
    '--auth',
    'client-credentials',
    '--client-id',
    'ci-secret',
    '--client-secret-env',
    'MCP_TEST_SECRET',
  ];
  const mismatch = await runs.run(
    ['snapshot', '--url', stack.impostorUrl, ...flags, '--out', 'x.json'],
    {
      cwd: dir,
      env,
    },
  );
  assert.equal(mismatch.code, 4, mismatch.stderr);
  assert.match(
    mismatch.stderr,
    /issuer mismatch: the server names the authorization server http:\/\/127\.0\.0\.1:\d+, but that server's metadata says its issuer is "http:\/\/127\.0\.0\.1:\d+"/,
  );
  const wrong = await runs.run(['snapshot', '--url', stack.mcpUrl, ...flags, '--out', 'x.json'], {
    cwd: dir,
    env: { ...env, MCP_TEST_SECRET: 'not-the-secret-at-all' },
  });
  assert.equal(wrong.code, 4, wrong.stderr);
  assert.match(wrong.stderr, /refused: invalid_client/);
  assert.equal(grants('client_credentials'), before, 'no token was issued to either');
});

test('no token, refresh token, code or client secret in any file written or any line printed', () => {
  const files = runs.assertNoSecret([
    ...stack.secrets(),
    stack.jwtClient.privateKeyPem.split('\n')[1]!,
  ]);
  assert.ok(files >= 30, `looked through ${files} files`);
  assert.ok(stack.secrets().length >= 8, `${stack.secrets().length} secrets issued`);
});
