/**
 * mcp-codegen as a user installs it: `npm pack` (which builds dist/ through `prepack`), the tarball
 * installed into a fresh project outside this repo (nothing of ours on its module path), a `.ts`
 * config importing `defineConfig` from 'mcp-codegen' and a relative `.ts` file, `mcp-codegen generate` against a snapshot and a
 * live stdio server, and `tsc` over the config and the generated clients under strict settings.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { node24 } from './helpers/node24.js';
import { repoRoot } from './helpers/paths.js';

const exec = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let project = '';
let tarball = '';
let installWarnings = '';

const SERVER = `// A live stdio server written with the SDK the project installed.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const server = new Server({ name: 'greeter', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [{
    name: 'greet',
    description: 'Say hello.',
    inputSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'], additionalProperties: false },
    outputSchema: { type: 'object', properties: { greeting: { type: 'string' } }, required: ['greeting'], additionalProperties: false },
  }],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  const greeting = 'Hello, ' + String(request.params.arguments?.name) + '!';
  return { content: [{ type: 'text', text: JSON.stringify({ greeting }) }], structuredContent: { greeting } };
});
await server.connect(new StdioServerTransport());
`;

const CONFIG = `import { defineConfig } from 'mcp-codegen';
import { greeter } from './servers.js';

export default defineConfig({
  servers: [
    { name: 'weather', source: { snapshot: 'weather.snapshot.json' }, out: 'src/weather' },
    greeter,
  ],
});
`;

/** A relative TypeScript file the config imports, compiled along with it. */
const SERVERS = `const command: string[] = ['node', 'server.mjs'];

export const greeter = { name: 'greeter', source: { stdio: command }, snapshot: 'greeter.snapshot.json', out: 'src/greeter' };
`;

const USAGE = `import { GreeterClient } from './greeter/index.js';
import { WeatherClient } from './weather/index.js';

export async function forecast(weather: WeatherClient, greeter: GreeterClient): Promise<string> {
  const hello = await greeter.greet({ name: 'Ada' });
  const result = await weather.getForecast({ city: 'paris' });
  return (hello.ok ? hello.data.greeting : hello.error.message) + (result.ok ? String(result.data.days.length) : result.error.code);
}
`;

function tsconfig(resolution: 'NodeNext' | 'Bundler') {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: resolution === 'NodeNext' ? 'NodeNext' : 'ESNext',
      moduleResolution: resolution,
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      verbatimModuleSyntax: true,
      noEmit: true,
      // Our declaration files are checked too: they are all of us the user's build sees.
      skipLibCheck: false,
      types: [],
    },
    include: ['mcp-codegen.config.ts', 'src/**/*.ts'],
  };
}

// The user's project runs with the default thread count, not the one of the tests (helpers/one-thread.ts).
const userEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
delete userEnv.MCP_CODEGEN_WORKERS;

async function run(command: string, args: string[], cwd = project, env = userEnv) {
  try {
    const { stdout, stderr } = await exec(command, args, {
      cwd,
      env,
      maxBuffer: 32 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === 'number' ? e.code : -1,
      stdout: e.stdout ?? '',
      stderr: e.stderr ?? '',
    };
  }
}

before(async () => {
  project = await mkdtemp(join(tmpdir(), 'mcp-codegen-user-'));
  // dist/ is what `npm test` built first (and what `preprepare` builds on `npm ci`, `prepack` on
  // `npm pack`). Packing with scripts would rebuild dist/ under the feet of the tests beside this one.
  const manifest = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  assert.equal(manifest.scripts.preprepare, 'npm run build', 'npm ci in the repo builds dist/');
  assert.equal(manifest.scripts.prepack, 'npm run build', 'npm pack and npm publish build dist/');
  const packed = await run(
    npm,
    ['pack', '--json', '--ignore-scripts', '--pack-destination', project],
    repoRoot,
  );
  assert.equal(packed.code, 0, packed.stderr);
  const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  tarball = join(project, info!.filename);
  const shipped = info!.files.map((f) => f.path);
  assert.ok(
    shipped.includes('dist/index.js') &&
      shipped.includes('dist/index.d.ts') &&
      shipped.includes('dist/cli/main.js'),
    shipped.join('\n'),
  );
  assert.ok(shipped.includes('templates/runtime.ts') && shipped.includes('bin/mcp-codegen.js'));
  const unwanted = shipped.filter(
    (p) => /^(src|test|bench|fixtures|examples|scripts)\//.test(p) || p.startsWith('tsconfig'),
  );
  assert.deepEqual(unwanted, [], 'the package ships only what users need');

  await writeFile(
    join(project, 'package.json'),
    JSON.stringify({ name: 'user-project', private: true, type: 'module' }, null, 2),
  );
  const installed = await run(npm, [
    'install',
    '--no-audit',
    '--no-fund',
    '--prefer-offline',
    tarball,
    'typescript@5.9.3',
    '@modelcontextprotocol/sdk@1.32.2',
  ]);
  assert.equal(installed.code, 0, installed.stderr);
  installWarnings = installed.stderr;
  await copyFile(
    join(repoRoot, 'examples/weather/weather.snapshot.json'),
    join(project, 'weather.snapshot.json'),
  );
  await writeFile(join(project, 'server.mjs'), SERVER);
  await writeFile(join(project, 'mcp-codegen.config.ts'), CONFIG);
  await writeFile(join(project, 'servers.ts'), SERVERS);
});

after(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

// npm 11 blocks the install scripts of dependencies (preinstall, install, postinstall, and prepare
// for a tarball, git or folder source) that the project's allowScripts does not cover, and warns
// about each on every install. dist/ ships built, so mcp-codegen has none: the repo builds through
// preprepare and prepack, which npm runs only for the project itself and on pack.
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare'];

test('installing the tarball runs no script of ours, and npm warns about no install script at all', async () => {
  const pkg = JSON.parse(
    await readFile(join(project, 'node_modules/mcp-codegen/package.json'), 'utf8'),
  ) as { scripts?: Record<string, string> };
  assert.deepEqual(
    INSTALL_SCRIPTS.filter((s) => pkg.scripts?.[s] !== undefined),
    [],
    'no script that runs when the package is installed',
  );
  // Nor any dependency of ours: a `.ts` config loads through jiti, plain JavaScript with no install
  // script, so npm has nothing to list under install-scripts, for us or for anything we bring.
  assert.doesNotMatch(installWarnings, /install-scripts/, installWarnings);
  assert.equal(existsSync(join(project, 'node_modules/esbuild')), false, 'no esbuild installed');
});

test('the installed package runs from plain JavaScript and nothing of this repo is on its path', async () => {
  const pkg = JSON.parse(
    await readFile(join(project, 'node_modules/mcp-codegen/package.json'), 'utf8'),
  ) as { dependencies: Record<string, string> };
  // jiti is there for the user's own .ts config only (test/startup-modules.test.ts: nothing else loads it).
  const loaders = Object.keys(pkg.dependencies).filter((d) =>
    ['tsx', 'ts-node', 'typescript', 'esbuild'].includes(d),
  );
  assert.deepEqual(loaders, [], 'no TypeScript loader for our own code at run time');
  const bin = await readFile(join(project, 'node_modules/mcp-codegen/bin/mcp-codegen.js'), 'utf8');
  assert.match(bin, /dist\/cli\/main\.js/);
  assert.equal(
    existsSync(join(project, 'node_modules/tsx')),
    false,
    'tsx is not installed with mcp-codegen',
  );
  const help = await run(join(project, 'node_modules/.bin/mcp-codegen'), ['--help']);
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /Commands:[\s\S]*generate[\s\S]*snapshot[\s\S]*diff/);
});

test('npx mcp-codegen generate: a .ts config, a snapshot source and a live stdio server', async () => {
  const generated = await run(npm, ['exec', '--', 'mcp-codegen', 'generate']);
  assert.equal(generated.code, 0, generated.stderr);
  for (const file of [
    'src/weather/client.ts',
    'src/weather/index.ts',
    'src/greeter/client.ts',
    'greeter.snapshot.json',
  ]) {
    assert.ok(existsSync(join(project, file)), `${file} written`);
  }
  assert.match(await readFile(join(project, 'src/greeter/client.ts'), 'utf8'), /greet\(/);
  assert.match(await readFile(join(project, 'greeter.snapshot.json'), 'utf8'), /"name": "greet"/);

  const check = await run(npm, ['exec', '--', 'mcp-codegen', 'generate', '--check', '--offline']);
  assert.equal(check.code, 0, check.stderr);
  assert.match(check.stderr, /fresh: \d+ generated files match/);
  assert.match(
    check.stderr,
    /weather: src\/weather\/ matches its manifest for this catalog/,
    "the check answers from the output folder's manifest",
  );
  assert.ok(
    existsSync(join(project, 'node_modules/.cache/mcp-codegen')),
    'the cache lives under node_modules/.cache',
  );
  assert.ok(
    existsSync(join(project, 'node_modules/.cache/jiti')),
    "the compiled .ts config is cached under node_modules/.cache too, not in the user's folders",
  );

  await writeFile(join(project, 'src/weather/tools.ts'), '// edited\n');
  const stale = await run(npm, ['exec', '--', 'mcp-codegen', 'generate', '--check', '--offline']);
  assert.equal(stale.code, 1, 'a check from the manifest still compares against the disk');
  assert.match(stale.stderr, /changed {2}src\/weather\/tools\.ts/);
  const repaired = await run(npm, [
    'exec',
    '--',
    'mcp-codegen',
    'generate',
    '--offline',
    '--no-cache',
  ]);
  assert.equal(repaired.code, 0, repaired.stderr);
  assert.match(repaired.stderr, /wrote src\/weather\/tools\.ts/);
});

for (const resolution of ['NodeNext', 'Bundler'] as const) {
  test(`the config and the generated clients type-check in the user's project (${resolution}, strict)`, async () => {
    if (!existsSync(join(project, 'src/greeter/index.ts'))) {
      const generated = await run(npm, ['exec', '--', 'mcp-codegen', 'generate']);
      assert.equal(generated.code, 0, generated.stderr);
    }
    await mkdir(join(project, 'src'), { recursive: true });
    await writeFile(join(project, 'src/usage.ts'), USAGE);
    const file = `tsconfig.${resolution}.json`;
    await writeFile(join(project, file), JSON.stringify(tsconfig(resolution), null, 2));
    const tsc = await run(process.execPath, [
      join(project, 'node_modules/typescript/bin/tsc'),
      '-p',
      file,
    ]);
    assert.equal(tsc.code, 0, tsc.stdout + tsc.stderr);
  });
}

test('on Node 24: the installed CLI generates from the .ts config and the live server, and checks', async (t) => {
  const node = await node24();
  if ('skip' in node) return t.skip(node.skip);
  // Node 24 first on the PATH: the config's `node server.mjs` runs on it too.
  const env = { ...userEnv, PATH: dirname(node.path) + delimiter + (userEnv.PATH ?? '') };
  const cli = join(project, 'node_modules/mcp-codegen/bin/mcp-codegen.js');
  await rm(join(project, 'src/weather'), { recursive: true, force: true });
  await rm(join(project, 'src/greeter'), { recursive: true, force: true });
  const generated = await run(node.path, [cli, 'generate', '--no-cache'], project, env);
  assert.equal(generated.code, 0, generated.stderr);
  assert.match(generated.stderr, /wrote src\/weather\/client\.ts/);
  assert.match(generated.stderr, /wrote src\/greeter\/client\.ts/);
  assert.match(await readFile(join(project, 'src/greeter/client.ts'), 'utf8'), /greet\(/);
  const check = await run(node.path, [cli, 'generate', '--check'], project, env);
  assert.equal(check.code, 0, check.stderr);
  assert.match(check.stderr, /fresh: \d+ generated files match/);
  await writeFile(join(project, 'src/greeter/tools.ts'), '// edited\n');
  const stale = await run(node.path, [cli, 'generate', '--check', '--offline'], project, env);
  assert.equal(stale.code, 1, stale.stderr);
  assert.match(stale.stderr, /changed {2}src\/greeter\/tools\.ts/);
});
