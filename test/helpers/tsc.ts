import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { node24 } from './node24.js';
import { repoRoot } from './paths.js';

const run = promisify(execFile);
/** The pinned TypeScript's command line, for `node <TSC> -p …` (see tscNode). */
export const TSC = join(repoRoot, 'node_modules/typescript/bin/tsc');

/**
 * The Node that runs tsc in the tests: the pinned Node 24 (test/helpers/node24.ts) where it can be
 * had, else this process's. What tsc reports does not depend on the Node that runs it, and users'
 * editors and builds run it on 22 or 24; there it took about a quarter less CPU than on this
 * machine's Node 20 (3.45 against 2.53 s for one client, 12.1 against 9.1 s for the largest run),
 * and tsc is the largest share of the suite's CPU. The Node 24 tests install it anyway.
 */
export async function tscNode(): Promise<string> {
  const found = await node24();
  return 'path' in found ? found.path : process.execPath;
}

export type Resolution = 'nodenext' | 'bundler';

/**
 * Type-check a folder of generated code with the pinned TypeScript 5.9, `--strict`,
 * `isolatedDeclarations` and friends, resolving packages (the SDKs, for usage files) from this repo's
 * node_modules (the folder must be inside the repo). Returns tsc's diagnostics.
 */
export async function typecheck(
  dir: string,
  resolution: Resolution,
  files: { include?: string[]; exclude?: string[] } = {},
): Promise<TscResult> {
  return tscProject(await writeTscConfig(dir, resolution, files), dir);
}

/** The tsconfig typecheck() checks `dir` with, written as `dir/tsconfig.<resolution>.json`; its path. */
export async function writeTscConfig(
  dir: string,
  resolution: Resolution,
  files: { include?: string[]; exclude?: string[] } = {},
): Promise<string> {
  const compilerOptions =
    resolution === 'nodenext'
      ? { module: 'NodeNext', moduleResolution: 'NodeNext' }
      : { module: 'ESNext', moduleResolution: 'Bundler' };
  const config = {
    compilerOptions: {
      ...compilerOptions,
      target: 'ES2022',
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noImplicitOverride: true,
      // Users' own settings apply to generated code too: unused imports or locals must not break their build.
      noUnusedLocals: true,
      noUnusedParameters: true,
      verbatimModuleSyntax: true,
      // Node's type stripping runs generated code directly: no enums, namespaces or parameter properties.
      erasableSyntaxOnly: true,
      // Monorepos turn this on: every exported declaration must be typed from its own file.
      isolatedDeclarations: true,
      declaration: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
      typeRoots: [join(repoRoot, 'node_modules/@types')],
    },
    include: files.include ?? ['**/*.ts'],
    ...(files.exclude && { exclude: files.exclude }),
  };
  const file = join(dir, `tsconfig.${resolution}.json`);
  await writeFile(file, JSON.stringify(config, null, 2));
  return file;
}

/**
 * `tsc -p <config>` (a noEmit project) run in `cwd`: what it prints, and whether it exits 0. Asked
 * of the run's tsc server (test/helpers/tsc-server.mjs, started by `npm run test:unit`, its socket
 * in MCP_CODEGEN_TSC_SERVER) when there is one, else of a tsc process of its own: the same
 * TypeScript, the same report. A server that cannot be reached is not a failure: the process runs.
 */
export async function tscProject(config: string, cwd: string): Promise<TscResult> {
  const socket = process.env.MCP_CODEGEN_TSC_SERVER;
  const answered = socket ? await askServer(socket, config, cwd) : undefined;
  if (answered) return answered;
  try {
    const { stdout } = await run(await tscNode(), [TSC, '-p', config], {
      cwd,
      maxBuffer: 64 * 1024 * 1024,
    });
    return { ok: true, output: stdout };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

export interface TscResult {
  ok: boolean;
  output: string;
}

/** The server's answer, or undefined when it cannot be reached (gone, or never started). */
function askServer(socket: string, config: string, cwd: string): Promise<TscResult | undefined> {
  return new Promise((resolve) => {
    let answer = '';
    const connection = connect(socket, () =>
      connection.write(`${JSON.stringify({ config, cwd })}\n`),
    );
    connection.setEncoding('utf8'); // a character split between chunks stays whole
    connection.on('data', (chunk: string) => (answer += chunk));
    connection.on('error', () => resolve(undefined));
    connection.on('close', () => {
      try {
        resolve(JSON.parse(answer) as TscResult);
      } catch {
        resolve(undefined);
      }
    });
  });
}

/** One diagnostic of a tsc run: the file it is in (relative to the project folder), or none. */
export interface Diagnostic {
  file?: string;
  text: string;
}

/**
 * tsc's output cut into diagnostics, so that several tests can share one run and each assert on the
 * files it owns. A diagnostic starts with `file(line,col): error TS…` (or with no file, for the
 * project's own errors), and its continuation lines are indented. A failed run with no diagnostic
 * in it (tsc crashed) is one diagnostic with no file, which every test sharing the run reports.
 */
export function diagnostics(result: { ok: boolean; output: string }): Diagnostic[] {
  const found: Diagnostic[] = [];
  for (const line of result.output.split('\n')) {
    if (line.trim() === '') continue;
    const last = found.at(-1);
    if (/^\s/.test(line) && last) {
      last.text += `\n${line}`;
      continue;
    }
    const file = /^(\S[^(]*)\(\d+,\d+\): /.exec(line)?.[1];
    found.push(file === undefined ? { text: line } : { file, text: line });
  }
  if (!result.ok && found.length === 0) found.push({ text: 'tsc failed without a diagnostic' });
  return found;
}
