import { existsSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { Project, ts } from 'ts-morph';
import { CodegenError } from '../shared/errors.js';

export interface LoadedProjects {
  /** One per tsconfig that lists files: the given one, or those of a solution-style one's references. */
  programs: Array<{ tsconfig: string; program: ts.Program }>;
  /** What makes the analysis incomplete (parse errors, unresolved imports, no files), said to the user. */
  problems: string[];
}

/**
 * Load the user's TypeScript project with ts-morph. ts-morph does not follow project references,
 * and a solution-style tsconfig (`files: []`, only `references`) has no files of its own: each
 * referenced tsconfig is loaded as a project of its own, with its own options (`paths`, ...).
 */
export function loadProjects(tsconfig: string): LoadedProjects {
  if (!existsSync(tsconfig)) {
    throw new CodegenError(`diff --impact: no tsconfig at ${tsconfig}`, {
      hint: 'pass --project <tsconfig.json> (default ./tsconfig.json)',
    });
  }
  const root = dirname(tsconfig);
  const programs: LoadedProjects['programs'] = [];
  const problems: string[] = [];
  const seen = new Set<string>();
  const load = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const name = relative(root, file) || file;
    const read = ts.readConfigFile(file, ts.sys.readFile);
    if (read.error) return void problems.push(`${name}: ${message(read.error)}`);
    const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(file), {}, file);
    // TS18003 "No inputs were found" is what a solution-style tsconfig says about itself.
    for (const error of parsed.errors)
      if (error.code !== 18003) problems.push(`${name}: ${message(error)}`);
    if (parsed.fileNames.length > 0) {
      const project = new Project({ tsConfigFilePath: file });
      programs.push({ tsconfig: file, program: project.getProgram().compilerObject });
    }
    for (const reference of parsed.projectReferences ?? []) {
      const path = resolve(dirname(file), reference.path);
      load(isDirectory(path) ? join(path, 'tsconfig.json') : path);
    }
  };
  load(resolve(tsconfig));
  if (programs.length === 0)
    problems.push(
      `${relative(process.cwd(), tsconfig) || tsconfig} and its references list no source files`,
    );
  for (const { program, tsconfig: file } of programs)
    problems.push(...readProblems(program, root, file));
  return { programs, problems };
}

/** Syntax errors and imports that do not resolve: references through them cannot be followed. */
function readProblems(program: ts.Program, root: string, tsconfig: string): string[] {
  const problems: string[] = [];
  for (const diagnostic of program.getSyntacticDiagnostics().slice(0, 5))
    problems.push(`${where(diagnostic, root)}: ${message(diagnostic)}`);
  const options = program.getCompilerOptions();
  const cache = ts.createModuleResolutionCache(root, (f) => f, options);
  const builtins = new Set(builtinModules);
  for (const file of program.getSourceFiles()) {
    if (file.isDeclarationFile || program.isSourceFileFromExternalLibrary(file)) continue;
    for (const statement of file.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      // Node's own modules resolve at run time whether or not @types/node is installed.
      if (specifier === undefined || specifier.startsWith('node:') || builtins.has(specifier))
        continue;
      const resolved = ts.resolveModuleName(specifier, file.fileName, options, ts.sys, cache);
      if (resolved.resolvedModule === undefined) {
        const { line } = file.getLineAndCharacterOfPosition(statement.getStart(file));
        const path = relative(root, file.fileName).split('\\').join('/');
        problems.push(
          `${path}:${line + 1}: import ${JSON.stringify(specifier)} does not resolve (in ${relative(root, tsconfig) || tsconfig})`,
        );
      }
    }
  }
  return problems;
}

function where(diagnostic: ts.Diagnostic, root: string): string {
  if (!diagnostic.file || diagnostic.start === undefined) return 'tsconfig';
  const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${relative(root, diagnostic.file.fileName).split('\\').join('/')}:${line + 1}`;
}

function message(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
