import { readFile } from 'node:fs/promises';
import { Project, SyntaxKind, type SourceFile, type StatementStructures } from 'ts-morph';
import type { ClientModel } from '../model/types.js';
import { compileDefinitions } from '../schema/compile.js';
import { banner } from './banner.js';
import { catalogSource, readmeSource } from './agent-files.js';
import { clientStatements } from './client-file.js';
import { indexSource } from './index-file.js';
import { toolsStatements } from './tools-file.js';
import { validatorEntries } from './validator-entries.js';
import type { CompileMemo } from './validators/memo.js';
import { ValidatorThread } from './validators/thread.js';

export interface EmittedFile {
  /** Relative to the output folder, with `/` separators. */
  path: string;
  content: string;
  /** Whether prettier should format it (templates are stored formatted). */
  format: boolean;
}

/** The runtime, copied verbatim: runtime.ts and the files it imports. */
export const RUNTIME_TEMPLATES = [
  'runtime.ts',
  'runtime-classify.ts',
  'runtime-client.ts',
  'runtime-protocol.ts',
  'runtime-uri.ts',
];
const TEMPLATES_DIR = new URL('../../templates/', import.meta.url);

/** Every file of a generated client, unformatted; the validator emitter's warnings join the model's. */
export async function emitClient(
  model: ClientModel,
  memo?: CompileMemo,
  thread: ValidatorThread = new ValidatorThread(1),
): Promise<EmittedFile[]> {
  const header = banner(model);
  // Sent first: Ajv compiles on its own thread while this one types and prints the other files.
  const compiling = thread.emit(validatorEntries(model), memo);
  const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });
  const print = (path: string, statements: Array<string | StatementStructures>) =>
    header + '\n' + paragraphs(project.createSourceFile(path, { statements }, { overwrite: true }));
  const types = paragraphs(
    project.createSourceFile('types.ts', await compileDefinitions(model.definitions), {
      overwrite: true,
    }),
  );
  const validators = await compiling;
  model.warnings.push(...validators.warnings);
  const runtime = await Promise.all(
    RUNTIME_TEMPLATES.map(async (name) => ({
      path: name,
      content: runtimeHeader() + (await readFile(new URL(name, TEMPLATES_DIR), 'utf8')),
      format: false,
    })),
  );
  const { files } = model;
  // The planner placed every tool in a file: tools.ts for all of them, or tools/<tool>.ts each.
  const toolFiles = [...new Set(model.tools.map((t) => t.file))].map((path) => ({
    path,
    content: print(
      path,
      toolsStatements(
        model,
        model.tools.filter((t) => t.file === path),
        path,
      ),
    ),
    format: true,
  }));
  return [
    { path: files.types, content: `${header}\n${types}`, format: true },
    ...toolFiles,
    { path: files.validators, content: `${header}\n${validators.source}`, format: false },
    { path: files.client, content: print(files.client, clientStatements(model)), format: true },
    { path: files.index, content: header + '\n' + indexSource(model), format: true },
    ...(files.catalog
      ? [{ path: files.catalog, content: catalogSource(model), format: false }]
      : []),
    ...(files.readme ? [{ path: files.readme, content: readmeSource(model), format: false }] : []),
    ...runtime,
  ];
}

/**
 * One blank line between top-level declarations (imports stay together): prettier keeps blank lines
 * but never adds them, and a paragraph per declaration keeps review diffs readable.
 */
function paragraphs(file: SourceFile): string {
  const parts: string[] = [];
  let previousWasImport = false;
  for (const statement of file.getStatementsWithComments()) {
    const text = statement
      .getFullText()
      .replace(/^\s*\n/, '')
      .trimEnd();
    const isImport = statement.getKind() === SyntaxKind.ImportDeclaration;
    parts.push(
      parts.length === 0 ? text : `${isImport && previousWasImport ? '\n' : '\n\n'}${text}`,
    );
    previousWasImport = isImport;
  }
  return parts.join('') + '\n';
}

function runtimeHeader(): string {
  return '// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.\n';
}
