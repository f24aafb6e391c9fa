import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { join } from 'shlex';

export { repoRoot as ROOT } from './paths.js';
import { bin as BIN, repoRoot as ROOT } from './paths.js';
export const EVERYTHING = fileURLToPath(
  new URL(
    '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
    import.meta.url,
  ),
);

/**
 * Node's arguments that run the fixture server `name` (fixtures/servers/<name>.ts) with `args`: its
 * JavaScript bundle when `npm run test:unit` made them (scripts/compile-fixture-servers.mjs, named by
 * `MCP_CODEGEN_FIXTURE_SERVERS`), else its source through tsx.
 */
export function fixtureArgs(name: string, ...args: string[]): string[] {
  const bundles = process.env.MCP_CODEGEN_FIXTURE_SERVERS;
  const bundle = bundles === undefined ? undefined : resolve(ROOT, bundles, `${name}.mjs`);
  if (bundle !== undefined && existsSync(bundle)) return [bundle, ...args];
  return ['--import', 'tsx', fixturePath(name), ...args];
}

/** The source of the fixture server `name`. */
function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../../fixtures/servers/${name}.ts`, import.meta.url));
}

/** A command line that runs a fixture server with this very node, quoted for `--stdio`. */
export function fixtureCommand(name: string, ...args: string[]): string {
  return join([process.execPath, ...fixtureArgs(name, ...args)]);
}

export interface Running {
  port: number;
  url(path: string): string;
  stop(): Promise<void>;
}

/** Start a server process and wait until a line of its output matches `ready` (group 1: the port, if any). */
export async function startServer(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; ready: RegExp; port?: number; stream?: 'stdout' | 'stderr' },
): Promise<Running> {
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start within 15 s; output:\n${output}`)),
      15_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = options.ready.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1] ? Number(match[1]) : options.port!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready; output:\n${output}`));
    });
  });
  return { port, url: (path) => `http://127.0.0.1:${port}${path}`, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}

/** A port that was free a moment ago, for servers that cannot be told to pick one (server-everything reads PORT). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Run the real bin, as a user would. */
export async function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string } = {},
): Promise<CliResult> {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/**
 * A catalog from ../shared/catalogs, or undefined when ../shared is not there (a clone without
 * it): the caller skips with a message rather than failing.
 */
export async function sharedCatalog(name: string): Promise<unknown | undefined> {
  const file = fileURLToPath(new URL(`../../../shared/catalogs/${name}`, import.meta.url));
  if (!existsSync(file)) return undefined;
  return JSON.parse(await readFile(file, 'utf8')) as unknown;
}
