/**
 * Authentication without an authorization server: a token command (`auth: { bearer: { command } }`)
 * in front of the bundled example server over HTTP with a bearer token of this run, the 401 of a
 * server that publishes no OAuth metadata, and the checks of the `auth` block and the `snapshot`
 * flags. Everything in process but the example server.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { validateConfig } from '../src/config/validate.js';
import { redactingIo } from '../src/cli/redact.js';
import { withFileLock } from '../src/discover/auth/lock.js';
import { InputError } from '../src/shared/errors.js';
import { rememberSecret } from '../src/shared/secrets.js';
import { AuthRuns } from './helpers/auth-cli.js';
import { fixtureArgs, startServer, type Running } from './helpers/servers.js';

const TOKEN = `tok-${randomBytes(12).toString('hex')}`;
let http: Running;
const runs = new AuthRuns();

before(async () => {
  http = await startServer(
    process.execPath,
    [...fixtureArgs('example'), '--http', '0', '--token', TOKEN],
    {
      ready: /listening (\d+)/,
    },
  );
});
after(() => http.stop());

/** A token command: a node script that counts its runs in `counter` and prints `tokens[run]`. */
function tokenCommand(dir: string, tokens: string[]): { command: string[]; runs: () => number } {
  const script = join(dir, 'token.mjs');
  const counter = join(dir, 'runs.txt');
  writeFileSync(counter, '0');
  writeFileSync(
    script,
    `import { readFileSync, writeFileSync } from 'node:fs';
const n = Number(readFileSync(${JSON.stringify(counter)}, 'utf8'));
writeFileSync(${JSON.stringify(counter)}, String(n + 1));
console.log(${JSON.stringify(tokens)}[n] ?? '');
`,
  );
  return { command: [process.execPath, script], runs: () => Number(readFileSync(counter, 'utf8')) };
}

test('a token command runs before the first request, once more after a 401, and its output is written nowhere', async () => {
  const { dir, store } = runs.project('bearer', []);
  const stale = `stale-${randomBytes(12).toString('hex')}`;
  const command = tokenCommand(store, [stale, TOKEN]);
  writeFileSync(
    join(dir, 'mcp-codegen.config.json'),
    JSON.stringify({
      servers: [
        {
          name: 'weather',
          source: { url: http.url('/mcp'), auth: { bearer: { command: command.command } } },
          out: 'client',
        },
      ],
    }),
  );
  const run = await runs.run(['generate'], { cwd: dir, env: process.env });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(command.runs(), 2, 'once before the first request, once after the 401');
  const files = runs.assertNoSecret([TOKEN, stale]);
  assert.ok(files >= 20, `looked through ${files} files`);
});

test('a token command that fails, prints nothing or does not exist is exit 4 saying which', async () => {
  const { dir } = runs.project('bearer-fail', []);
  const cases: Array<[string[] | string, RegExp]> = [
    [
      [process.execPath, '-e', "process.stderr.write('not logged in\\n'); process.exit(3)"],
      /the token command `.+` failed \(exit code 3\); it said: not logged in\n  hint: run it by hand/,
    ],
    [[process.execPath, '-e', ''], /the token command `.+` printed nothing/],
    [[process.execPath, '-e', "console.log('two words')"], /printed more than a token \(2 words\)/],
    [
      'mcp-codegen-no-such-command --token',
      /cannot run the token command `mcp-codegen-no-such-command --token`: no such command \(ENOENT\)/,
    ],
  ];
  for (const [command, message] of cases) {
    writeFileSync(
      join(dir, 'mcp-codegen.config.json'),
      JSON.stringify({
        servers: [
          { name: 'w', source: { url: http.url('/mcp'), auth: { bearer: { command } } }, out: 'c' },
        ],
      }),
    );
    const run = await runs.run(['generate'], { cwd: dir, env: process.env });
    assert.equal(run.code, 4, run.stderr);
    assert.match(run.stderr, message);
  }
});

test('a 401 from a server without OAuth metadata is exit 4 (no longer 3) and suggests headers or bearer', async () => {
  const { dir } = runs.project('no-metadata', []);
  const bare = await runs.run(['snapshot', '--url', http.url('/mcp'), '--out', 'x.json'], {
    cwd: dir,
    env: process.env,
  });
  assert.equal(bare.code, 4, bare.stderr);
  assert.match(
    bare.stderr,
    /HTTP 401 \(unauthorized\): the server asks for credentials, and it publishes no OAuth metadata\n  hint: give it the credentials it expects: a header .* or a command that prints a token \(auth: \{ bearer/,
  );
  const wrong = await runs.run(
    [
      'snapshot',
      '--url',
      http.url('/mcp'),
      '--header',
      'Authorization: Bearer ${WRONG}',
      '--out',
      'x.json',
    ],
    { cwd: dir, env: { ...process.env, WRONG: 'wrong-token-value' } },
  );
  assert.equal(wrong.code, 4, wrong.stderr);
  assert.match(
    wrong.stderr,
    /the server refused the Authorization header, and it publishes no OAuth metadata/,
  );
});

const at = (auth: unknown, headers?: Record<string, string>) => () =>
  validateConfig(
    {
      servers: [
        {
          name: 's',
          out: 'o',
          source: { url: 'https://example.com/mcp', auth, ...(headers ? { headers } : {}) },
        },
      ],
    },
    'mcp-codegen.config.ts',
  );

test('the auth block: one kind, known keys, secrets only from the environment', () => {
  const rows: Array<[unknown, Record<string, string> | undefined, string, RegExp]> = [
    [
      { oauth: {}, bearer: { command: 'x' } },
      undefined,
      '/servers/0/source/auth',
      /exactly one of "oauth", "clientCredentials", "bearer", got oauth, bearer/,
    ],
    [
      { oauth: { clientSecret: 'hunter2-literal', clientId: 'a' } },
      undefined,
      '/servers/0/source/auth/oauth/clientSecret',
      /must be read from the environment/,
    ],
    [
      { oauth: { clientSecret: '${S}' } },
      undefined,
      '/servers/0/source/auth/oauth/clientSecret',
      /needs the clientId/,
    ],
    [
      { oauth: { redirectPort: 70000 } },
      undefined,
      '/servers/0/source/auth/oauth/redirectPort',
      /port number from 1 to 65535/,
    ],
    [
      { oauth: { clientMetadataUrl: 'http://example.com/c.json' } },
      undefined,
      '/servers/0/source/auth/oauth/clientMetadataUrl',
      /https URL with a path/,
    ],
    [
      { oauth: { scopes: 'a' } },
      undefined,
      '/servers/0/source/auth/oauth/scopes',
      /did you mean `scope`/,
    ],
    [
      { clientCredentials: { clientId: 'a' } },
      undefined,
      '/servers/0/source/auth/clientCredentials',
      /exactly one of "clientSecret" and "privateKeyFile"/,
    ],
    [
      { clientCredentials: { clientSecret: '${S}' } },
      undefined,
      '/servers/0/source/auth/clientCredentials/clientId',
      /needs the clientId/,
    ],
    [
      { bearer: { command: '  ' } },
      undefined,
      '/servers/0/source/auth/bearer/command',
      /command line string or a non-empty array/,
    ],
    [
      { bearer: { command: 'gh auth token' } },
      { Authorization: 'Bearer ${T}' },
      '/servers/0/source/headers/Authorization',
      /an Authorization header and `auth` both/,
    ],
  ];
  for (const [auth, headers, pointer, message] of rows)
    assert.throws(
      at(auth, headers),
      (e: unknown) =>
        e instanceof InputError && e.pointer === pointer && message.test(`${e.message} ${e.hint}`),
      JSON.stringify(auth),
    );
  for (const ok of [
    { oauth: {} },
    { oauth: { clientId: 'x', clientSecret: '${S}', scope: 'a b', redirectPort: 8976 } },
    { clientCredentials: { clientId: '${ID}', clientSecret: '${SECRET}', scope: 'mcp' } },
    { clientCredentials: { clientId: 'x', privateKeyFile: 'keys/ci.pem' } },
    { bearer: { command: ['gh', 'auth', 'token'] } },
  ])
    assert.doesNotThrow(at(ok), JSON.stringify(ok));
});

test('snapshot --auth flags: a secret is only named by its variable; each flag goes with --url and --auth', async () => {
  const { dir } = runs.project('flags', []);
  const cases: Array<[string[], RegExp]> = [
    [
      [
        '--url',
        http.url('/mcp'),
        '--auth',
        'client-credentials',
        '--client-id',
        'a',
        '--client-secret-env',
        'sk-live-1234',
      ],
      /--client-secret-env takes the name of an environment variable, got "sk-live-1234"/,
    ],
    [
      ['--url', http.url('/mcp'), '--auth', 'client-credentials', '--client-secret-env', 'S'],
      /needs --client-id <id> and --client-secret-env <NAME>/,
    ],
    [
      ['--url', http.url('/mcp'), '--client-id', 'a'],
      /--client-id goes with --auth oauth or --auth client-credentials/,
    ],
    [
      ['--url', http.url('/mcp'), '--auth', 'password'],
      /--auth must be one of oauth, client-credentials, got "password"/,
    ],
    [['--stdio', 'node server.js', '--auth', 'oauth'], /--auth applies to --url only/],
  ];
  for (const [args, message] of cases) {
    const run = await runs.run(['snapshot', ...args, '--out', 'x.json'], {
      cwd: dir,
      env: process.env,
    });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, message);
  }
});

test('the store lock: callers take turns, and a lock left by a process that is gone is taken over', async () => {
  const { store } = runs.project('lock', []);
  const lockFile = join(store, 'server.lock');
  let inside = 0;
  let most = 0;
  let count = 0;
  const turn = () =>
    withFileLock(lockFile, async () => {
      most = Math.max(most, ++inside);
      const seen = count;
      await new Promise((done) => setTimeout(done, 5));
      count = seen + 1;
      inside--;
    });
  await Promise.all([turn(), turn(), turn()]);
  assert.equal(count, 3, 'no update lost');
  assert.equal(most, 1, 'one at a time');
  // A pid no process has (beyond Linux's pid_max): the lock is stale and taken over at once.
  writeFileSync(lockFile, '4194305\n');
  assert.equal(await withFileLock(lockFile, async () => 'taken over'), 'taken over');
});

test('every line the CLI prints has the secrets it learnt taken out, plain or URL-encoded', () => {
  const secret = `s3cr/t+${randomBytes(6).toString('hex')}`;
  rememberSecret(secret);
  let text = '';
  const io = redactingIo({
    stdout: process.stdout,
    stderr: { write: (chunk: string) => ((text += chunk), true), isTTY: false } as never,
    cwd: process.cwd(),
    env: {},
  });
  io.stderr.write(`error: body said ${secret} and ?token=${encodeURIComponent(secret)}\n`);
  assert.equal(text, 'error: body said [redacted] and ?token=[redacted]\n');
  assert.equal(io.stderr.isTTY, false);
});
