import { existsSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The user's own `.ts`/`.mts`/`.cts` config, through jiti: it compiles that file and the relative
 * files it imports (whatever TypeScript, if any, the project has: jiti ships its own transform),
 * and hands every package import (`mcp-codegen` included, ESM or CommonJS) to Node's own `import()`,
 * so our compiled code and the user's dependencies load natively, once. jiti is plain JavaScript
 * with no dependencies and no install script.
 *
 * Its module cache is off, so a config edited between two loads in one process is read again.
 * Its file cache (the compiled text, keyed on the file's path and content) goes where jiti's users
 * expect it, `node_modules/.cache/jiti` beside the config, and only when that node_modules exists:
 * a project with none gets no cache, rather than files in a shared temp folder.
 */
export async function importTypeScript(filepath: string): Promise<unknown> {
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
