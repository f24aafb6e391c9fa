/**
 * A registry server.json as a source. First without starting anything: the entry chosen, the
 * command line (or URL and headers) derived from each real server.json in fixtures/server-json
 * through `snapshot --print-command`, values from the environment, secrets never shown, the
 * ambiguities warned about, and malformed files rejected at their JSON pointer. PyPI and Docker
 * cannot run here, so their packages are checked by the command line alone.
 *
 * Then the npm servers in devDependencies, run for real: `npx -y <identifier>@<version>` resolves
 * the package installed here, offline (npm's cache is an empty folder and `npm_config_offline` is
 * set, so nothing can come from the registry). The everything server's server.json generates a
 * client that is then called; the memory server's, without its required variable, exits 2 naming
 * it; the filesystem server gets its repeated argument; and a package reached over Streamable HTTP
 * is started, discovered and stopped.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { validateConfig } from '../src/config/validate.js';
import { planServerJson } from '../src/discover/server-json/resolve.js';
import { parseServerJson } from '../src/discover/server-json/read.js';
import { generate } from '../src/generate/generate.js';
import { discover, discoverAndUse } from '../src/snapshot/discover.js';
import { runMain } from './helpers/main.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { EVERYTHING, runCli } from './helpers/servers.js';

const FIXTURES = join(repoRoot, 'fixtures/server-json');
/** An environment with none of the variables the fixtures read: each test adds its own. */
const BARE: NodeJS.ProcessEnv = { PATH: process.env.PATH };

let dir: string;
let offline: NodeJS.ProcessEnv;
before(async () => {
  // Inside the repository, so that npx finds the installed packages and a client finds the SDK.
  await mkdir(tmpRoot, { recursive: true });
  dir = await mkdtemp(join(tmpRoot, 'server-json-'));
  offline = {
    ...process.env,
    npm_config_offline: 'true',
    npm_config_cache: await mkdtemp(join(tmpdir(), 'mcp-codegen-empty-npm-cache-')),
    MEMORY_FILE_PATH: '',
    ALLOWED_DIRECTORY: '',
  };
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(offline.npm_config_cache!, { recursive: true, force: true });
});

function printCommand(file: string, env: NodeJS.ProcessEnv = {}, ...flags: string[]) {
  return runMain(['snapshot', '--server-json', file, ...flags, '--print-command'], {
    cwd: FIXTURES,
    env: { ...BARE, ...env },
  });
}

/** A run that printed exactly these lines (after the first, the choice, when `skipChoice`). */
function assertPrinted(
  run: { code: number; stdout: string; stderr: string },
  lines: string[],
  skipChoice = false,
): void {
  assert.equal(run.code, 0, run.stderr);
  const printed = skipChoice ? run.stdout.slice(run.stdout.indexOf('\n') + 1) : run.stdout;
  assert.equal(printed, [...lines, ''].join('\n'));
}

test('npm: the first stdio package runs with npx -y <identifier>@<version> and its package arguments', async () => {
  const run = await printCommand('everything.server.json');
  assertPrinted(run, [
    "server.json io.github.modelcontextprotocol/server-everything 2026.8.31: packages[0] (npm @modelcontextprotocol/server-everything@2026.8.31, stdio); of 2 entries, package: 'npm' | 'pypi' | 'oci' | 'remote' (mcp-codegen snapshot --package) chooses another",
    'command: npx -y @modelcontextprotocol/server-everything@2026.8.31 stdio',
  ]);
  assert.equal(run.stderr, '', 'nothing ambiguous in it');
});

test('a package reached over HTTP: its command, then its URL filled from the environment variable it declares', async () => {
  const byDefault = await printCommand('everything-http.server.json');
  assert.equal(byDefault.code, 0, byDefault.stderr);
  assert.match(
    byDefault.stdout,
    /\ncommand: npx -y @modelcontextprotocol\/server-everything@2026\.8\.31 streamableHttp\nenv: PORT=3001\nurl: http:\/\/localhost:3001\/mcp \(streamable-http\)\n$/,
  );
  const given = await printCommand('everything-http.server.json', { PORT: '4123' });
  assert.match(given.stdout, /env: PORT=4123\nurl: http:\/\/localhost:4123\/mcp/);
});

test('a repeated required positional: a JSON array gives several arguments; unset, exit 2 naming the variable', async () => {
  const two = await printCommand('filesystem.server.json', {
    ALLOWED_DIRECTORY: '["/srv/a b", "/srv/c"]',
  });
  assert.equal(two.code, 0, two.stderr);
  assert.match(
    two.stdout,
    /\ncommand: npx -y @modelcontextprotocol\/server-filesystem@2026\.8\.31 '\/srv\/a b' \/srv\/c\n/,
  );
  const none = await printCommand('filesystem.server.json');
  assert.equal(none.code, 2);
  assert.equal(none.stdout, '');
  assert.match(
    none.stderr,
    /^error: .*filesystem\.server\.json at \/packages\/0\/packageArguments\/0: the argument <allowed_directory> is required and has no value: set the environment variable ALLOWED_DIRECTORY\n {2}hint: .*JSON array/,
  );
});

test('oci: docker run -i --rm, runtime arguments with their variables, each variable passed by name', async () => {
  const run = await printCommand(
    'filesystem.server.json',
    { SOURCE_PATH: '/home/me/work' },
    '--package',
    'oci',
  );
  assertPrinted(
    run,
    [
      'command: docker run -i --rm --mount type=bind,src=/home/me/work,dst=/projects/work -e LOG_LEVEL docker.io/mcp/filesystem:2026.8.31 /projects',
      'env: LOG_LEVEL=info',
    ],
    true,
  );
  // A version to run instead: the image's tag is replaced.
  const pinned = await printCommand(
    'filesystem.server.json',
    { SOURCE_PATH: '/w' },
    '--package',
    'oci',
    '--package-version',
    '2027.1.1',
  );
  assert.match(pinned.stdout, / docker\.io\/mcp\/filesystem:2027\.1\.1 \/projects\n/);
  // choices are held: a value outside them is an error, before anything runs.
  const wrong = await printCommand(
    'filesystem.server.json',
    { SOURCE_PATH: '/w', LOG_LEVEL: 'loud' },
    '--package',
    'oci',
  );
  assert.equal(wrong.code, 2);
  assert.match(
    wrong.stderr,
    /environmentVariables\/0: the environment variable LOG_LEVEL must be one of "debug", "info", "warn", "error", got "loud"/,
  );
});

test('pypi: uvx <identifier>==<version>; a named argument from the environment, else its default', async () => {
  const byDefault = await printCommand('time.server.json');
  assert.equal(byDefault.code, 0, byDefault.stderr);
  assert.match(
    byDefault.stdout,
    /\ncommand: uvx mcp-server-time==2025\.9\.25 --local-timezone UTC\n$/,
  );
  const given = await printCommand('time.server.json', { LOCAL_TIMEZONE: 'Europe/Paris' });
  assert.match(given.stdout, /--local-timezone Europe\/Paris\n$/);
  const newer = await printCommand('time.server.json', {}, '--package-version', '2026.1.0');
  assert.match(newer.stdout, /command: uvx mcp-server-time==2026\.1\.0 /);
});

test('the identifier-as-argument pitfall is said, with what uvx would need', async () => {
  const run = await printCommand('fabric-dw.server.json');
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /\ncommand: uvx fabric-dw-mcp-cli==0\.4\.1 fabric-dw-mcp\n$/);
  assert.match(
    run.stderr,
    /^warning: \/packages\/0\/packageArguments\/0 passes "fabric-dw-mcp", the package's own name, as an argument: .*identifier-as-argument pitfall, modelcontextprotocol\/registry#650\).*uvx needs `uvx --from fabric-dw-mcp-cli <script>`/,
  );
});

test('secrets: the value reaches the plan but never what is printed', async () => {
  const token = 'ghp_S3CRET-value';
  const oci = await printCommand('github.server.json', { GITHUB_PERSONAL_ACCESS_TOKEN: token });
  assert.equal(oci.code, 0, oci.stderr);
  assert.match(
    oci.stdout,
    /\ncommand: docker run -i --rm -e GITHUB_PERSONAL_ACCESS_TOKEN -e GITHUB_TOOLSETS ghcr\.io\/github\/github-mcp-server:0\.20\.1 stdio\nenv: GITHUB_PERSONAL_ACCESS_TOKEN=\*\*\*\nenv: GITHUB_TOOLSETS=repos,issues\n$/,
  );
  const remote = await printCommand(
    'github.server.json',
    { TOKEN: token, X_MCP_TOOLSETS: 'repos' },
    '--package',
    'remote',
  );
  assertPrinted(remote, [
    'server.json io.github.github/github-mcp-server 0.20.1: remotes[0] (streamable-http https://api.githubcopilot.com/mcp/)',
    'url: https://api.githubcopilot.com/mcp/ (streamable-http)',
    'header: Authorization: Bearer ***',
    'header: X-MCP-Toolsets: repos',
  ]);
  for (const run of [oci, remote]) assert.ok(!`${run.stdout}${run.stderr}`.includes(token));

  const plan = await planServerJson(
    { serverJson: join(FIXTURES, 'github.server.json'), package: 'remote' },
    { cwd: FIXTURES, env: { TOKEN: token, HOST: 'copilot.example.com' } },
  );
  assert.deepEqual(plan.target, {
    url: 'https://copilot.example.com/mcp/',
    transport: 'streamable-http',
    headers: { Authorization: `Bearer ${token}` },
    verbatim: true,
  });
  // The provenance keeps the URL as written: no variable, no secret.
  assert.deepEqual(plan.provenance.serverJson.remote, {
    type: 'streamable-http',
    url: 'https://{host}/mcp/',
  });
  assert.ok(!JSON.stringify([plan.label, plan.choice, plan.shown, plan.warnings]).includes(token));
  assert.deepEqual(plan.shown.slice(-1), [
    'left out: header X-MCP-Toolsets (set X_MCP_TOOLSETS to pass it)',
  ]);

  // A secret outside its choices is refused without being quoted back.
  const bad = await planServerJson(
    { serverJson: join(FIXTURES, 'github.server.json') },
    { cwd: FIXTURES, env: {} },
  ).catch((e: Error) => e);
  assert.match(
    String(bad),
    /environmentVariables\/0: the environment variable GITHUB_PERSONAL_ACCESS_TOKEN is required \(isRequired\) and not set/,
  );
});

test('the README’s --print-command example is what the GitHub server’s server.json prints', async () => {
  const readme = await readFile(join(repoRoot, 'README.md'), 'utf8');
  const shown =
    /```\n\$ GITHUB_PERSONAL_ACCESS_TOKEN=\.\.\. mcp-codegen snapshot --server-json github\/server\.json --print-command\n([\s\S]*?)```/.exec(
      readme,
    );
  assert.ok(shown, 'README has the --print-command example');
  const run = await printCommand('github.server.json', { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_x' });
  assert.equal(run.stdout, shown[1], 'paste the output of the fixture into the README');
});

test('a required {variable} of a remote header, unset: exit 2 naming it', async () => {
  const run = await printCommand('github.server.json', {}, '--package', 'remote');
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /at \/remotes\/0\/headers\/0\/variables\/token: \{token\} in the header "Authorization" is required and has no value: set the environment variable TOKEN\n {2}hint: set TOKEN \("A GitHub token"\); in a workflow, from a secret: env: \{ TOKEN: \$\{\{ secrets\.TOKEN \}\} \}\n$/,
  );
});

test('headers leave as filled in: `${NAME}` written in server.json is text, never this process’s variable', async () => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.writeHead(500).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const file = join(dir, 'loopback.server.json');
  await writeFile(
    file,
    JSON.stringify({
      name: 'io.example/loopback',
      remotes: [
        {
          type: 'streamable-http',
          url: `http://127.0.0.1:${port}/{path}`,
          variables: { path: { default: 'mcp' } },
          headers: [
            { name: 'X-Literal', value: '${HOME}' },
            { name: 'X-Key', isSecret: true, isRequired: true },
          ],
        },
      ],
    }),
  );
  try {
    const failed = await discover(
      { serverJson: file },
      { cwd: dir, env: { HOME: '/home/secret', X_KEY: 'k-123' }, timeoutMs: 5000, era: 'legacy' },
    ).catch((e: Error) => e);
    assert.ok(failed instanceof Error);
    // The label names the remote as written, not the filled-in URL or a header.
    assert.match(
      failed.message,
      /^server "io\.example\/loopback \(remote http:\/\/127\.0\.0\.1:\d+\/\{path\}\)": initialize: HTTP 500/,
    );
    assert.ok(seen.length > 0, 'the server was reached');
    assert.equal(seen[0]!['x-literal'], '${HOME}');
    assert.equal(seen[0]!['x-key'], 'k-123');
  } finally {
    server.close();
  }
});

/** A server.json of one npm package reached over stdio, with `extra` keys of the package. */
function onePackage(extra: Record<string, unknown>): unknown {
  return {
    name: 'io.x/y',
    packages: [{ registryType: 'npm', identifier: 'x', transport: { type: 'stdio' }, ...extra }],
  };
}

/** Malformed files: each rejected at its pointer, with what is wrong. */
const MALFORMED: Array<[what: string, value: unknown, pointer: string, problem: RegExp]> = [
  ['not an object', [], '', /expected a server\.json object/],
  ['no name', { packages: [] }, '/name', /missing "name"/],
  [
    'nothing to run',
    { name: 'io.x/y', websiteUrl: 'https://x' },
    '',
    /lists no packages and no remotes/,
  ],
  [
    'a package without a transport',
    { name: 'io.x/y', packages: [{ registryType: 'npm', identifier: 'x', version: '1' }] },
    '/packages/0/transport',
    /missing "transport"/,
  ],
  [
    'an unknown transport',
    {
      name: 'io.x/y',
      packages: [{ registryType: 'npm', identifier: 'x', transport: { type: 'ws' } }],
    },
    '/packages/0/transport/type',
    /expected one of "stdio", "streamable-http", "sse", got "ws"/,
  ],
  [
    'an HTTP transport without a url',
    {
      name: 'io.x/y',
      packages: [{ registryType: 'npm', identifier: 'x', transport: { type: 'sse' } }],
    },
    '/packages/0/transport/url',
    /missing "url"/,
  ],
  [
    'the 2025-07 snake_case names',
    { name: 'io.x/y', packages: [{ registry_type: 'npm' }] },
    '/packages/0/registry_type',
    /"registry_type" is a name of the server\.json schema before 2025-09-16/,
  ],
  [
    'a positional argument with neither value nor valueHint',
    onePackage({ packageArguments: [{ type: 'positional', description: 'what?' }] }),
    '/packages/0/packageArguments/0',
    /needs "value" or "valueHint"/,
  ],
  [
    'a named argument without a name',
    onePackage({ runtimeArguments: [{ type: 'named', value: '1' }] }),
    '/packages/0/runtimeArguments/0/name',
    /missing "name"/,
  ],
  [
    'a flag that is not a boolean',
    {
      name: 'io.x/y',
      remotes: [{ type: 'sse', url: 'https://x', headers: [{ name: 'A', isSecret: 'yes' }] }],
    },
    '/remotes/0/headers/0/isSecret',
    /expected true or false, got "yes"/,
  ],
  [
    'choices that are not strings',
    {
      name: 'io.x/y',
      remotes: [{ type: 'sse', url: 'https://x', headers: [{ name: 'A', choices: [1] }] }],
    },
    '/remotes/0/headers/0/choices/0',
    /expected a string, got 1/,
  ],
  [
    'hostile text in a value, shown escaped',
    { name: 'io.x/y', remotes: [{ type: 'ftp\u001b[31m', url: 'x' }] },
    '/remotes/0/type',
    /got "ftp\\u001b\[31m"/,
  ],
];

for (const [what, value, pointer, problem] of MALFORMED) {
  test(`malformed server.json: ${what}`, () => {
    assert.throws(
      () => parseServerJson(value, 'server.json'),
      (error: Error & { pointer?: string }) => {
        assert.equal(error.pointer, pointer);
        assert.match(error.message, problem);
        assert.ok(!/\u001b/.test(error.message), 'no raw control character');
        return true;
      },
    );
  });
}

test('malformed at planning: an identifier that would be an option, an undeclared URL name, a non-HTTP URL, invalid JSON', async () => {
  const cases: Array<[unknown, RegExp]> = [
    [
      onePackage({ identifier: '--call=id' }),
      /at \/packages\/0\/identifier: "--call=id" is not a valid npm package name/,
    ],
    [
      onePackage({ registryType: 'oci', identifier: '--privileged' }),
      /"--privileged" is not a valid oci image reference/,
    ],
    [
      { name: 'io.x/y', remotes: [{ type: 'sse', url: 'https://{tenant}.example.com/sse' }] },
      /the url "https:\/\/\{tenant\}\.example\.com\/sse" names \{tenant\}, which is no argument/,
    ],
    [
      { name: 'io.x/y', remotes: [{ type: 'sse', url: 'file:///etc/passwd' }] },
      /must be http: or https:/,
    ],
    [
      onePackage({ environmentVariables: [{ name: 'A=B', value: '1' }] }),
      /"A=B" is not an environment variable name/,
    ],
  ];
  for (const [value, problem] of cases) {
    const file = join(dir, 'bad.server.json');
    await writeFile(file, JSON.stringify(value));
    const run = await printCommand(file);
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, problem);
  }
  await writeFile(join(dir, 'broken.server.json'), '{ "name": "x" }\n}\n');
  const broken = await printCommand(join(dir, 'broken.server.json'));
  assert.equal(broken.code, 2);
  assert.match(
    broken.stderr,
    /broken\.server\.json: is not valid JSON: Unexpected non-whitespace character after JSON at line 2, column 1/,
  );
  const snake = await printCommand('snake-case-2025-07.server.json');
  assert.equal(snake.code, 2);
  assert.match(snake.stderr, /at \/version_detail: .*\n {2}hint: rename it "version"/);
});

test('the entry chosen: a registry type this version does not run is passed over and said; one absent is an error listing what there is', async () => {
  const file = join(dir, 'mixed.server.json');
  await writeFile(
    file,
    JSON.stringify({
      name: 'io.x/mixed',
      version: '1.0.0',
      packages: [
        {
          registryType: 'nuget',
          identifier: 'X.Server',
          version: '1.0.0',
          transport: { type: 'stdio' },
        },
        {
          registryType: 'npm',
          identifier: 'x-http',
          version: '1.0.0',
          transport: { type: 'streamable-http', url: 'http://localhost:9/mcp' },
        },
      ],
      remotes: [{ type: 'sse', url: 'https://x.example.com/sse' }],
    }),
  );
  const auto = await printCommand(file);
  assert.equal(auto.code, 0, auto.stderr);
  assert.match(
    auto.stdout,
    /^server\.json io\.x\/mixed 1\.0\.0: remotes\[0\] \(sse https:\/\/x\.example\.com\/sse\)/,
  );
  assert.match(
    auto.stderr,
    /warning: packages\[0\] is a "nuget" package, which mcp-codegen does not run/,
  );
  const npm = await printCommand(file, {}, '--package', 'npm');
  assert.match(
    npm.stdout,
    /packages\[1\] \(npm x-http@1\.0\.0, streamable-http\)\ncommand: npx -y x-http@1\.0\.0\nurl: http:\/\/localhost:9\/mcp/,
  );
  const pypi = await printCommand(file, {}, '--package', 'pypi');
  assert.equal(pypi.code, 2);
  assert.match(
    pypi.stderr,
    /io\.x\/mixed has no pypi package; it offers packages\[0\] nuget \(stdio\), packages\[1\] npm \(streamable-http\), remotes\[0\] \(sse\)/,
  );
  const remoteVersion = await printCommand(
    file,
    {},
    '--package',
    'remote',
    '--package-version',
    '2',
  );
  assert.equal(remoteVersion.code, 2);
  assert.match(remoteVersion.stderr, /--package-version applies to a package/);
});

test('the config takes { serverJson, package, version }, checked at its pointers', () => {
  const server = (source: unknown) => ({ servers: [{ name: 'x', out: 'out', source }] });
  const config = validateConfig(
    server({ serverJson: 'mcp/server.json', package: 'npm', version: '1.2.3' }),
    'c.ts',
  );
  assert.deepEqual(config.servers[0]!.source, {
    serverJson: 'mcp/server.json',
    package: 'npm',
    version: '1.2.3',
  });
  const rejects: Array<[unknown, RegExp]> = [
    [
      { serverJson: '' },
      /at \/servers\/0\/source\/serverJson: expected the path of a registry server\.json/,
    ],
    [
      { serverJson: 'a', package: 'cargo' },
      /at \/servers\/0\/source\/package: expected one of "npm", "pypi", "oci", "remote", got "cargo"/,
    ],
    [
      { serverJson: 'a', package: 'remote', version: '1' },
      /at \/servers\/0\/source\/version: a remote has no version/,
    ],
    [
      { serverJson: 'a', stdio: 'node x' },
      /expected exactly one of "snapshot", "stdio", "url" or "serverJson", got stdio, serverJson/,
    ],
    [
      { serverJson: 'a', headers: {} },
      /"headers" belongs to a url source, not a serverJson source/,
    ],
    [
      { serverJson: 'a', pakage: 'npm' },
      /unknown key "pakage" in a serverJson source\n?.*|did you mean `package`/,
    ],
  ];
  for (const [source, problem] of rejects)
    assert.throws(() => validateConfig(server(source), 'c.ts'), problem);
});

test('the everything server’s server.json (npm) generates a working client, the package resolved locally and offline', async () => {
  const lines: string[] = [];
  const result = await generate({
    config: {
      root: dir,
      servers: [
        {
          name: 'everything',
          source: { serverJson: join(FIXTURES, 'everything.server.json') },
          snapshot: 'everything.snapshot.json',
          out: 'client',
        },
      ],
    },
    env: offline,
    cache: false,
    log: (line) => lines.push(line),
    warn: (line) => lines.push(`warning: ${line}`),
  });
  assert.ok(
    result.files.some((f) => f.path === 'client/client.ts' && f.status === 'written'),
    JSON.stringify(result.files),
  );
  // The choice is said, once.
  assert.deepEqual(
    lines.filter((l) => l.startsWith('server.json ')),
    [
      "server.json io.github.modelcontextprotocol/server-everything 2026.8.31: packages[0] (npm @modelcontextprotocol/server-everything@2026.8.31, stdio); of 2 entries, package: 'npm' | 'pypi' | 'oci' | 'remote' (mcp-codegen snapshot --package) chooses another",
    ],
  );
  assert.equal(lines.filter((l) => l.startsWith('warning:')).length, 0, lines.join('\n'));
  const snapshot = JSON.parse(await readFile(join(dir, 'everything.snapshot.json'), 'utf8'));
  assert.deepEqual(snapshot.provenance, {
    serverJson: {
      name: 'io.github.modelcontextprotocol/server-everything',
      package: {
        identifier: '@modelcontextprotocol/server-everything',
        registryType: 'npm',
        version: '2026.8.31',
      },
      version: '2026.8.31',
    },
  });
  assert.equal(snapshot.version, 2);
  assert.ok(snapshot.tools.some((t: { name: string }) => t.name === 'echo'));

  const { EverythingClient } = await import(pathToFileURL(join(dir, 'client/index.ts')).href);
  const mcp = new Client({ name: 'server-json-live', version: '0.0.0' });
  await mcp.connect(
    new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'] }),
  );
  try {
    const echo = await new EverythingClient(mcp).echo({ message: 'from server.json' });
    assert.equal(echo.ok, true, JSON.stringify(echo.error));
    assert.match(JSON.stringify(echo.data), /from server\.json/);
  } finally {
    await mcp.close();
  }
});

test('the memory server’s server.json without its required variable: exit 2 naming it, nothing written, nothing started', async () => {
  const out = join(dir, 'memory.snapshot.json');
  const run = await runCli(
    ['snapshot', '--server-json', join(FIXTURES, 'memory.server.json'), '--out', out],
    { env: offline },
  );
  assert.equal(run.code, 2, run.stderr);
  assert.match(
    run.stderr,
    /^error: .*memory\.server\.json at \/packages\/0\/environmentVariables\/0: the environment variable MEMORY_FILE_PATH is required \(isRequired\) and not set\n {2}hint: set MEMORY_FILE_PATH \("The JSONL file the knowledge graph is kept in\."\); e\.g\. export MEMORY_FILE_PATH=\.\.\.\n$/,
  );
  assert.equal(run.stdout, '');
  assert.equal(existsSync(out), false);
});

test('the filesystem server’s server.json with two directories from a JSON array: the server is given both', async () => {
  const [a, b] = [join(dir, 'dir a'), join(dir, 'dir-b')];
  await Promise.all([mkdir(a), mkdir(b)]);
  const allowed = await discoverAndUse(
    { serverJson: join(FIXTURES, 'filesystem.server.json') },
    { cwd: dir, env: { ...offline, ALLOWED_DIRECTORY: JSON.stringify([a, b]) } },
    async (_snapshot, callTool) => JSON.stringify(await callTool('list_allowed_directories', {})),
  );
  assert.ok(allowed.includes(JSON.stringify(a).slice(1, -1)), allowed);
  assert.ok(allowed.includes(JSON.stringify(b).slice(1, -1)), allowed);
});

test('a package reached over Streamable HTTP: started, waited for, discovered at its URL, then stopped', async () => {
  const port = await freePort();
  const notes: string[] = [];
  const snapshot = await discover(
    { serverJson: join(FIXTURES, 'everything-http.server.json') },
    { cwd: dir, env: { ...offline, PORT: String(port) }, onNote: (l) => notes.push(l) },
  );
  assert.equal(snapshot.tools.length > 0, true);
  assert.ok(snapshot.tools.some((t) => t.name === 'echo'));
  assert.match(
    notes.join('\n'),
    /packages\[0\] \(npm @modelcontextprotocol\/server-everything@2026\.8\.31, streamable-http\)/,
  );
  assert.equal(await accepts(port), false, 'the server process is stopped after discovery');
});

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: 'localhost', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

test('ambiguities said before anything runs: an installed npm package with two bins and none named like it, a runtimeHint not followed, no version', async () => {
  // An npm package as installed in a project: node_modules/<identifier>/package.json.
  const project = join(dir, 'two-bins-project');
  await mkdir(join(project, 'node_modules/@x/tool-kit'), { recursive: true });
  await writeFile(
    join(project, 'node_modules/@x/tool-kit/package.json'),
    JSON.stringify({
      name: '@x/tool-kit',
      version: '1.0.0',
      bin: { 'kit-mcp': 'a.js', 'kit-cli': 'b.js' },
    }),
  );
  await writeFile(
    join(project, 'server.json'),
    JSON.stringify({
      name: 'io.x/tool-kit',
      packages: [
        {
          registryType: 'npm',
          identifier: '@x/tool-kit',
          runtimeHint: 'bunx',
          transport: { type: 'stdio' },
        },
      ],
    }),
  );
  const plan = await planServerJson({ serverJson: 'server.json' }, { cwd: project, env: {} });
  assert.deepEqual(plan.warnings, [
    '@x/tool-kit has 2 bins (kit-cli, kit-mcp) and none is named tool-kit: npx cannot tell which to run; use a { stdio } source naming one, e.g. npx -y --package=@x/tool-kit kit-cli',
    '/packages/0/runtimeHint is "bunx": npm packages run with npx here',
    '/packages/0 has no version: npx runs whichever version is the latest when discovery runs',
  ]);
  // Installed with a bin named like it, npx knows what to run: nothing to say about bins.
  await writeFile(
    join(project, 'node_modules/@x/tool-kit/package.json'),
    JSON.stringify({ name: '@x/tool-kit', bin: { 'tool-kit': 'a.js', 'kit-cli': 'b.js' } }),
  );
  const named = await planServerJson({ serverJson: 'server.json' }, { cwd: project, env: {} });
  assert.equal(named.warnings.filter((w) => w.includes('bins')).length, 0);
});
