// A tsc for the whole test run: `npm run test:unit` starts it (scripts/test-unit.mjs) and the test
// processes send it `tsc -p <config>` runs (test/helpers/tsc.ts) over a Unix socket, one line of
// JSON each way. It answers what the tsc command line prints and whether it exits 0, for the same
// pinned TypeScript, by the same steps (see `check`).
//
// Why: each test file that type-checks generated code started a tsc of its own, which loaded the
// compiler, parsed and bound the standard library and the SDKs' and frameworks' declarations, and
// warmed up V8 again: about half of a small run's CPU, and tsc was the largest share of the suite's.
// Here the declarations under node_modules are parsed once and shared by every program, as an
// editor's language service shares them between projects, and the compiler's code stays optimized.
//
// Plain JavaScript, so that it runs on any Node without tsx. Usage: node tsc-server.mjs <socket>;
// it prints `ready` when it listens, and exits when its stdin closes (the runner is gone).
import { rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';
import ts from 'typescript';

const socket = process.argv[2];
if (!socket) {
  console.error('usage: node tsc-server.mjs <socket path>');
  process.exit(2);
}

const registry = ts.createDocumentRegistry();
/** Parsed (and, once a program has checked them, bound) declaration files, shared between programs. */
const declarations = new Map();

/**
 * A compiler host whose source files under node_modules (the lib files, the SDKs', the frameworks')
 * come from the shared cache. The key holds what parsing depends on: the settings an editor's
 * document registry keys on, the file's language version and module format, and its size and time
 * (so a file rewritten during the run is read again).
 */
function hostFor(options) {
  const host = ts.createCompilerHost(options);
  const read = host.getSourceFile;
  const settings = registry.getKeyForCompilationSettings(options);
  host.getSourceFile = (file, languageVersion, onError, shouldCreate) => {
    if (!file.includes('/node_modules/')) return read(file, languageVersion, onError, shouldCreate);
    const { mtimeMs, size } = statSync(file, { throwIfNoEntry: false }) ?? {};
    const version =
      typeof languageVersion === 'object'
        ? `${languageVersion.languageVersion}|${languageVersion.impliedNodeFormat}`
        : String(languageVersion);
    const key = `${file}\0${settings}\0${version}\0${mtimeMs}\0${size}`;
    let sourceFile = declarations.get(key);
    if (sourceFile === undefined) {
      sourceFile = read(file, languageVersion, onError, shouldCreate);
      if (sourceFile !== undefined) declarations.set(key, sourceFile);
    }
    return sourceFile;
  };
  return host;
}

/**
 * `tsc -p <config>` run in `cwd`: the diagnostics the command line reports, in its order and its
 * plain format (paths relative to `cwd`), and whether it would exit 0. The steps are those of
 * tsc's own emitFilesAndReportErrors (TypeScript 5.9) for a noEmit project: syntax first; the
 * options and global diagnostics when it is clean; the semantic check when those are clean too; the
 * declaration diagnostics (with `declaration`) only when everything before is clean.
 */
function check(config, cwd) {
  const configErrors = [];
  const parsed = ts.getParsedCommandLineOfConfigFile(
    config,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => configErrors.push(d) },
  );
  const format = (diagnostics) =>
    ts.formatDiagnostics(diagnostics, {
      getCurrentDirectory: () => cwd,
      getCanonicalFileName: (f) => f,
      getNewLine: () => '\n',
    });
  if (parsed === undefined) return { ok: false, output: format(configErrors) };
  if (!parsed.options.noEmit)
    return {
      ok: false,
      output: `tsc server: ${config} must set noEmit (it checks, never writes)\n`,
    };
  const program = ts.createProgram({
    rootNames: parsed.fileNames,
    options: parsed.options,
    projectReferences: parsed.projectReferences,
    host: hostFor(parsed.options),
    configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
  });
  const all = [...program.getConfigFileParsingDiagnostics()];
  const base = all.length;
  all.push(...program.getSyntacticDiagnostics());
  if (all.length === base) {
    all.push(...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics());
    if (all.length === base) all.push(...program.getSemanticDiagnostics());
    if ((parsed.options.declaration || parsed.options.composite) && all.length === base)
      all.push(...program.getDeclarationDiagnostics());
  }
  const reported = ts.sortAndDeduplicateDiagnostics(all);
  // The command line exits non-zero on any diagnostic it reports.
  return { ok: reported.length === 0, output: format(reported) };
}

// One run at a time, in the order asked: each is CPU-bound, and the test files wait on their own.
let queue = Promise.resolve();
const server = createServer((connection) => {
  let buffer = '';
  connection.setEncoding('utf8');
  connection.on('data', (chunk) => {
    buffer += chunk;
    const end = buffer.indexOf('\n');
    if (end < 0) return;
    const request = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    queue = queue.then(() => {
      let answer;
      try {
        const { config, cwd } = JSON.parse(request);
        answer = check(config, cwd ?? dirname(config));
      } catch (error) {
        answer = { ok: false, output: `tsc server: ${error?.stack ?? error}\n` };
      }
      connection.end(`${JSON.stringify(answer)}\n`);
    });
  });
  connection.on('error', () => undefined);
});
server.listen(socket, () => console.log('ready'));
process.stdin.on('end', () => {
  rmSync(socket, { force: true });
  process.exit(0);
});
process.stdin.resume();
