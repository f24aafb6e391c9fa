/**
 * A generated client in a fresh project, as a new user gets it: a temporary folder outside the repo
 * with only `@modelcontextprotocol/client@2.4.0` and `typescript@5.9.3` installed from the npm
 * registry. The client (generated from the v2 fixture's modern-era catalog) must type-check under
 * `strict`, be emitted to JavaScript by that project's `tsc`, and run a call with validation on under
 * `node --disallow-code-generation-from-strings` (so no validator may compile code at run time).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { promisify } from 'node:util';
import { renderClient } from '../src/generate/render.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { connectV2 } from './helpers/runtime-fixture.js';

const run = promisify(execFile);
let project: string | undefined;
after(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

const MAIN = `import { Client } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { SensorsClient, type ListReadingsOutput } from './sensors/index.js';

// This project has no @types/node: the two members of process this harness uses.
declare const process: { argv: string[]; execPath: string };
const [serverScript, repo] = process.argv.slice(2) as [string, string];

const mcp = new Client({ name: 'fresh-project', version: '1.0.0' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
await mcp.connect(new StdioClientTransport({ command: process.execPath, args: ['--import', 'tsx', serverScript], cwd: repo }));
const sensors = new SensorsClient(mcp);
const good = await sensors.listReadings();
const readings: ListReadingsOutput | undefined = good.ok ? good.data : undefined;
const bad = await sensors.listReadings({ mode: 'invalid' });
let codeGeneration = 'allowed';
try {
  new Function('return 1');
} catch {
  codeGeneration = 'blocked';
}
console.log(JSON.stringify({
  readings,
  bad: bad.ok ? 'ok' : { code: bad.error.code, pointer: bad.error.issues?.[0]?.pointer },
  codeGeneration,
}));
await mcp.close();
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    // The SDK's own .d.ts name Node's Buffer; without @types/node only skipLibCheck lets them pass (it skips .d.ts files only).
    skipLibCheck: true,
    outDir: 'dist',
    rootDir: 'src',
  },
  include: ['src'],
};

test(
  'a fresh project with only @modelcontextprotocol/client and typescript compiles and runs the client',
  { timeout: 600_000 },
  async () => {
    const lister = await connectV2('v2-results', 'modern');
    const { tools } = await lister.listTools();
    const snapshot = parseSnapshot(
      {
        protocolVersion: lister.getNegotiatedProtocolVersion(),
        serverInfo: lister.getServerVersion(),
        tools,
      },
      'v2-results (modern)',
    );
    await lister.close();

    project = await mkdtemp(join(tmpdir(), 'mcp-codegen-fresh-'));
    const { files } = await renderClient(
      snapshot,
      { name: 'sensors' },
      join(project, 'src/sensors'),
    );
    await writeFiles(join(project, 'src/sensors'), files);
    await writeFile(join(project, 'src/main.ts'), MAIN);
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
    await writeFile(
      join(project, 'package.json'),
      JSON.stringify({ name: 'fresh-project', private: true, type: 'module' }, null, 2),
    );

    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    await run(
      npm,
      [
        'install',
        '--save-exact',
        '--no-audit',
        '--no-fund',
        // Pinned versions: npm's cached metadata answers for them without asking the registry again.
        '--prefer-offline',
        '@modelcontextprotocol/client@2.4.0',
        'typescript@5.9.3',
      ],
      { cwd: project, maxBuffer: 16 * 1024 * 1024 },
    );
    const installed = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    assert.deepEqual(Object.keys(installed.dependencies).sort(), [
      '@modelcontextprotocol/client',
      'typescript',
    ]);

    const tsc = await run(
      process.execPath,
      [join(project, 'node_modules/typescript/bin/tsc'), '-p', project],
      { cwd: project },
    ).catch((e: { stdout: string; stderr: string }) =>
      assert.fail(`tsc failed in the fresh project:\n${e.stdout}${e.stderr}`),
    );
    assert.equal(tsc.stdout + tsc.stderr, '');

    const script = join(repoRoot, 'fixtures/servers/v2-results.ts');
    const { stdout } = await run(
      process.execPath,
      ['--disallow-code-generation-from-strings', join(project, 'dist/main.js'), script, repoRoot],
      { cwd: project },
    );
    const outcome = JSON.parse(stdout.trim().split('\n').at(-1)!) as {
      readings: unknown;
      bad: unknown;
      codeGeneration: string;
    };
    assert.equal(outcome.codeGeneration, 'blocked', 'the flag is in force');
    assert.deepEqual(outcome.readings, [
      { sensor: 'attic', celsius: 19.5 },
      { sensor: 'cellar', celsius: 11 },
    ]);
    assert.deepEqual(outcome.bad, { code: '$invalid_result', pointer: '/0/celsius' });
  },
);
