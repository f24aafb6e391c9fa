import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The user's own `.ts`/`.mts`/`.cts` config. Most are plain JavaScript in a `.ts` file (the
 * documented `export default defineConfig({...})` has no type syntax), and those Node loads as
 * they are; the others go through jiti.
 */
export async function importTypeScript(filepath: string): Promise<unknown> {
  const source = await readFile(filepath);
  if (!filepath.endsWith('.cts') && !LOCAL_IMPORT.test(source.toString('utf8'))) {
    const native = await importAsJavaScript(filepath, source);
    if (native.loaded) return native.value;
  }
  return importWithJiti(filepath);
}

/**
 * A relative import (static or re-export), or any dynamic one: such a config goes to jiti, which
 * compiles the files it reaches afresh on every load. Natively, a relative `.ts` file could be
 * loaded by whatever TypeScript loader the process has (Node's own type stripping, tsx), cached
 * for the life of the process, or not at all. A false match only costs jiti's compile.
 */
const LOCAL_IMPORT = /\bfrom\s*['"]\.|\bimport\s*['"]\.|\bimport\s*\(/;

let copies = 0;

/**
 * The config as an ES module, natively: a copy beside it (so its package imports resolve as its
 * own do; a dotfile, removed at once). It saves loading jiti's compiler, about 0.3 s on a fresh
 * clone, where jiti's file cache is empty. Anything that fails (type syntax, CommonJS names, or a real error) fails
 * before the module runs or while it runs, and jiti then loads the file from the start and
 * reports the error by file and line. `import.meta.url` names the copy, in the same folder.
 */
async function importAsJavaScript(
  filepath: string,
  source: Buffer,
): Promise<{ loaded: true; value: unknown } | { loaded: false }> {
  const copy = join(dirname(filepath), `.${basename(filepath)}.${process.pid}-${++copies}.mjs`);
  try {
    await writeFile(copy, source, { flag: 'wx' });
    const mod = (await import(pathToFileURL(copy).href)) as { default?: unknown };
    return { loaded: true, value: 'default' in mod ? mod.default : mod };
  } catch {
    return { loaded: false };
  } finally {
    await rm(copy, { force: true });
  }
}

/**
 * Through jiti: it compiles the file and the relative files it imports (whatever TypeScript, if
 * any, the project has: jiti ships its own transform), and hands every package import
 * (`mcp-codegen` included, ESM or CommonJS) to Node's own `import()`, so our compiled code and the
 * user's dependencies load natively, once. jiti is plain JavaScript with no dependencies and no
 * install script.
 *
 * Its module cache is off, so a config edited between two loads in one process is read again.
 * Its file cache (the compiled text, keyed on the file's path and content) goes where jiti's users
 * expect it, `node_modules/.cache/jiti` beside the config, and only when that node_modules exists:
 * a project with none gets no cache, rather than files in a shared temp folder.
 */
async function importWithJiti(filepath: string): Promise<unknown> {
  const { createJiti } = await import('jiti');
  const modules = join(dirname(filepath), 'node_modules');
  const jiti = createJiti(filepath, {
    moduleCache: false,
    fsCache: existsSync(modules) ? join(modules, '.cache/jiti') : false,
    tryNative: false,
  });
  try {
    return await jiti.import(filepath, { default: true });
  } catch (error) {
    throw located(error, dirname(filepath));
  }
}

/** jiti's form of a syntax error: `ParseError: <problem> \n <file>:<line>:<column>`. */
const SYNTAX = /^(?:\w+: )?([\s\S]*?)\s*\n\s*(\S+):(\d+):(\d+)\s*$/;
/** A stack frame's location: `at f (<file>:<line>:<column>)` or `at <file>:<line>:<column>`. */
const FRAME = /^\s*at (?:.*? \()?(.+?):(\d+):(\d+)\)?$/;

/**
 * The error, its message led by where in the user's files it happened (`config.ts:3:9: boom`):
 * jiti keeps line numbers, so the place a syntax error or a throw names is the place in the source.
 * The first frame in the config's folder that is not in node_modules is the user's own code.
 */
function located(error: unknown, folder: string): unknown {
  if (!(error instanceof Error)) return error;
  const where = (file: string, line: string, column: string) =>
    `${relative(folder, file) || file}:${line}:${column}`;
  const syntax = SYNTAX.exec(error.message);
  if (syntax && isAbsolute(syntax[2]!)) {
    const [, problem, file, line, column] = syntax;
    return new Error(`${where(file!, line!, column!)}: ${problem}`, { cause: error });
  }
  for (const frame of (error.stack ?? '').split('\n').slice(1)) {
    const m = FRAME.exec(frame);
    if (!m) continue;
    const file = m[1]!.startsWith('file:') ? fileURLToPath(m[1]!) : m[1]!;
    const inside = relative(folder, file);
    if (!isAbsolute(file) || inside.startsWith('..') || /(^|[/\\])node_modules[/\\]/.test(inside))
      continue;
    return new Error(`${where(file, m[2]!, m[3]!)}: ${error.message}`, { cause: error });
  }
  return error;
}
