/**
 * The browser login against the SDK's own OAuth example (`simpleStreamableHttp.js --oauth
 * --oauth-strict`: its auth router and demo provider, which registers clients dynamically, approves
 * at once, and whose MCP server accepts only tokens issued for it), and what happens without a
 * login: exit 4 at once where there is no terminal, for every command that discovers, and never
 * for `--offline`. One server process for the file; the bin runs need `npm run build` first.
 */
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { AuthRuns } from './helpers/auth-cli.js';
import { startSdkDemo } from './helpers/auth-servers.js';
import { repoRoot } from './helpers/paths.js';

let demo: Awaited<ReturnType<typeof startSdkDemo>>;
const runs = new AuthRuns();
let project: { dir: string; store: string; env: NodeJS.ProcessEnv };

before(async () => {
  demo = await startSdkDemo();
  const made = runs.project('demo', [
    {
      name: 'demo',
      source: { url: demo.mcpUrl, auth: { oauth: {} } },
      out: 'client',
      samples: { greet: [{ name: 'Ada' }] },
    },
  ]);
  project = { ...made, env: { ...process.env, MCP_CODEGEN_AUTH_DIR: made.store } };
  // The committed snapshot `--offline` and `diff --live` read.
  mkdirSync(join(made.dir, 'client'));
  copyFileSync(
    join(repoRoot, 'examples/weather/weather.snapshot.json'),
    join(made.dir, 'client/snapshot.json'),
  );
});
after(() => demo.stop());

const NEEDED = (label: string) =>
  new RegExp(
    `authentication needed: no stored login for ${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, and no terminal to log in from\\n  hint: run \`mcp-codegen login demo\` once in a terminal .*clientCredentials`,
  );

test('with an empty token store and no terminal, generate exits 4 at once, naming the server and what to do', async (t) => {
  const started = performance.now();
  const run = await runs.spawnBin(['generate'], { cwd: project.dir, env: project.env });
  t.diagnostic(
    `exit ${run.code} after ${Math.round(performance.now() - started)} ms (process start-up included)`,
  );
  assert.equal(run.code, 4, run.stderr);
  assert.match(run.stderr, /error: server "demo": /);
  assert.match(run.stderr, NEEDED(demo.mcpUrl));
});

test('snapshot, diff --live and sample exit 4 too; --offline needs no login', async () => {
  const { dir, env } = project;
  const snapshot = await runs.run(
    ['snapshot', '--url', demo.mcpUrl, '--auth', 'oauth', '--out', 'x.json'],
    { cwd: dir, env },
  );
  assert.equal(snapshot.code, 4, snapshot.stderr);
  assert.match(
    snapshot.stderr,
    /hint: run `mcp-codegen snapshot --url http:\/\/localhost:\d+\/mcp --auth oauth --out <file>` once in a terminal/,
  );
  const diff = await runs.run(['diff', 'client/snapshot.json', '--live'], { cwd: dir, env });
  assert.equal(diff.code, 4, diff.stderr);
  assert.match(diff.stderr, NEEDED(demo.mcpUrl));
  const sample = await runs.run(['sample'], { cwd: dir, env });
  assert.equal(sample.code, 4, sample.stderr);
  assert.match(sample.stderr, NEEDED(demo.mcpUrl));
  const offline = await runs.run(['generate', '--offline'], { cwd: dir, env });
  assert.equal(offline.code, 0, offline.stderr);
});

test('a server that wants OAuth, reached without auth: the 401 is exit 4 and says it uses OAuth', async () => {
  const run = await runs.run(['snapshot', '--url', demo.mcpUrl, '--out', 'x.json'], {
    cwd: project.dir,
    env: project.env,
  });
  assert.equal(run.code, 4, run.stderr);
  assert.match(
    run.stderr,
    /HTTP 401 \(unauthorized\): the server asks for credentials; it uses OAuth, with the authorization server http:\/\/localhost:\d+\//,
  );
  assert.match(run.stderr, /hint: add --auth oauth/);
});

test("login with dynamic registration against the SDK's auth router; then generate in a new process", async () => {
  const login = await runs.login('demo', { cwd: project.dir, env: project.env });
  assert.equal(login.code, 0, login.stderr);
  const file = login.stdout.trim().split('stored in ')[1]!;
  assert.equal(statSync(file).mode & 0o777, 0o600);
  const generate = await runs.spawnBin(['generate'], { cwd: project.dir, env: project.env });
  assert.equal(generate.code, 0, generate.stderr);
  assert.match(generate.stderr, /demo: tools\/list: \d+ tools in 1 page/);
});

test('at a terminal, a discovery without a login logs in through the browser first', async () => {
  const { dir, store } = runs.project('terminal', [
    { name: 'demo', source: { url: demo.mcpUrl, auth: { oauth: {} } }, out: 'client' },
  ]);
  const { DISPLAY: _x, WAYLAND_DISPLAY: _w, ...env } = process.env;
  const run = await runs.withBrowser(
    ['snapshot', '--url', demo.mcpUrl, '--auth', 'oauth', '--out', 'demo.json'],
    { cwd: dir, env: { ...env, MCP_CODEGEN_AUTH_DIR: store }, interactive: true },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.match(
    run.stderr,
    /To log in to http:\/\/localhost:\d+\/mcp, open this URL in a browser:\nhttp:\/\/localhost:\d+\/authorize\?/,
  );
  assert.match(run.stdout, /^wrote demo\.json: \d+ tools/);
});

test('logout forgets the login: the next run needs one again', async () => {
  const logout = await runs.run(['logout', 'demo'], { cwd: project.dir, env: project.env });
  assert.equal(logout.code, 0, logout.stderr);
  assert.match(logout.stdout, /^logged out of demo: forgot its tokens and client registration/);
  const again = await runs.run(['logout', 'demo'], { cwd: project.dir, env: project.env });
  assert.equal(again.stdout, 'nothing was stored for demo\n');
  const snapshot = await runs.run(['generate'], { cwd: project.dir, env: project.env });
  assert.equal(snapshot.code, 4, snapshot.stderr);
});

test('a redirect port in use is exit 4 naming the port', async () => {
  const holder = createServer();
  holder.listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const port = (holder.address() as AddressInfo).port;
  try {
    const run = await runs.loginUnattended('demo', [
      {
        name: 'demo',
        source: { url: demo.mcpUrl, auth: { oauth: { redirectPort: port } } },
        out: 'client',
      },
    ]);
    assert.equal(run.code, 4, run.stderr);
    assert.match(
      run.stderr,
      new RegExp(
        `error: the redirect port ${port} is in use by another program\\n  hint: close it, or set another auth\\.oauth\\.redirectPort`,
      ),
    );
  } finally {
    holder.close();
  }
});
