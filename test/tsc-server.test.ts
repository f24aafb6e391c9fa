/**
 * The run's tsc server (test/helpers/tsc-server.mjs) answers what the tsc command line prints and
 * whether it exits 0, byte for byte: for a clean project that imports a package's types, semantic
 * errors with chained messages, a syntax error (which hides the semantic ones), errors only the
 * declaration check finds, a broken tsconfig, and again after the shared declarations were cached.
 * A socket nobody listens on falls back to the command line.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { TSC, tscNode, tscProject, writeTscConfig, type TscResult } from './helpers/tsc.js';

const run = promisify(execFile);
const root = join(tmpRoot, `tsc-server-${process.pid}`);
const socket = join(tmpdir(), `mcp-codegen-tsc-test-${process.pid}.sock`);
let server: ReturnType<typeof spawn> | undefined;

before(async () => {
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  server = spawn(await tscNode(), [join(repoRoot, 'test/helpers/tsc-server.mjs'), socket], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const [line] = (await once(server.stdout!, 'data')) as [Buffer];
  assert.equal(line.toString().trim(), 'ready');
});

after(async () => {
  if (server) {
    const exited = once(server, 'exit');
    server.stdin!.end();
    await exited;
  }
  await rm(root, { recursive: true, force: true });
});

/** The command line's own answer: a tsc process in `cwd`. */
async function commandLine(config: string, cwd: string): Promise<TscResult> {
  return run(await tscNode(), [TSC, '-p', config], { cwd }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (e: { stdout?: string; stderr?: string }) => ({
      ok: false,
      output: `${e.stdout ?? ''}${e.stderr ?? ''}`,
    }),
  );
}

/** The server's answer (through tscProject, with the socket in the environment). */
async function served(config: string, cwd: string, path = socket): Promise<TscResult> {
  const saved = process.env.MCP_CODEGEN_TSC_SERVER;
  process.env.MCP_CODEGEN_TSC_SERVER = path;
  try {
    return await tscProject(config, cwd);
  } finally {
    if (saved === undefined) delete process.env.MCP_CODEGEN_TSC_SERVER;
    else process.env.MCP_CODEGEN_TSC_SERVER = saved;
  }
}

/** A project of its own files, checked as helpers/tsc.ts configures it (NodeNext, strict, isolatedDeclarations). */
async function project(name: string, files: Record<string, string>): Promise<string> {
  const dir = join(root, name);
  await mkdir(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) await writeFile(join(dir, file), text);
  await writeTscConfig(dir, 'nodenext');
  return dir;
}

const CASES: Record<string, Record<string, string>> = {
  // A package's declarations (node_modules/@types/json-schema), which the server caches.
  clean: {
    'a.ts': `import type { JSONSchema7 } from 'json-schema';\nexport const schema: JSONSchema7 = { type: 'object' };\n`,
  },
  // The inferred export would be a declaration error (TS9010), which tsc reports only when the
  // semantic check is clean: so it must not show here.
  semantic: {
    'a.ts': `export const n: number = 'one';\nexport const f = (x: { a: { b: string } }): { a: { b: number } } => x;\nexport const inferred = [1].map((n) => n);\n`,
    'b.ts': `import { missing } from './a.js';\nexport const m: string = missing;\nexport const quote: 'l’été 🌞' = 'x';\n`,
  },
  syntax: {
    'a.ts': `export const n: number = 'one';\n`,
    'b.ts': `export const broken = {;\n`,
  },
  declarations: {
    'a.ts': `export const inferred = [1, 2].map((n) => n * 2);\n`,
  },
};

for (const [name, files] of Object.entries(CASES)) {
  test(`${name}: the server answers as the command line does`, async () => {
    const dir = await project(name, files);
    const config = join(dir, 'tsconfig.nodenext.json');
    const want = await commandLine(config, dir);
    assert.deepEqual(await served(config, dir), want);
    // The control: the cases are what they say (clean passes, the others report).
    assert.equal(want.ok, name === 'clean', want.output);
    if (name === 'declarations') assert.match(want.output, /TS9010/);
    if (name === 'syntax') assert.doesNotMatch(want.output, /TS2322/, 'syntax hides semantics');
    if (name === 'semantic')
      assert.doesNotMatch(want.output, /TS9010/, 'semantics hide declarations');
  });
}

test('a broken tsconfig: the same report', async () => {
  const dir = join(root, 'broken-config');
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'a.ts'), 'export {};\n');
  const config = join(dir, 'tsconfig.json');
  await writeFile(
    config,
    JSON.stringify({
      compilerOptions: { noEmit: true, types: [], notAnOption: true, target: 'ES9999' },
    }),
  );
  const want = await commandLine(config, dir);
  assert.equal(want.ok, false);
  assert.deepEqual(await served(config, dir), want);
});

test('a second run over the cached declarations answers the same, and a socket nobody listens on falls back to tsc', async () => {
  const dir = await project('again', CASES.semantic!);
  const config = join(dir, 'tsconfig.nodenext.json');
  // Nobody listens there: tscProject runs the command line (compared with the server above).
  const fallback = await served(config, dir, join(root, 'nobody.sock'));
  assert.equal(fallback.ok, false, fallback.output);
  assert.deepEqual(await served(config, dir), fallback);
  assert.deepEqual(await served(config, dir), fallback);
});
