import type { ClientModel } from '../model/types.js';
import { compileDefinitions } from '../schema/compile.js';
import { banner } from './print/banner.js';
import { catalogSource, readmeSource } from './agents/agent-files.js';
import { clientStatements } from './client/client-file.js';
import { indexStatements } from './client/index-file.js';
import { oneLineDocs } from './print/doc-lines.js';
import { paragraphs } from './print/paragraphs.js';
import { fileText, type Statement, type StatementList, type Together } from './print/print.js';
import { toolsStatements } from './client/tools-file.js';
import { validatorEntries } from './client/validator-entries.js';
import { specEntries } from './client/spec-entries.js';
import { emitAgentFiles } from './agents/agent-emit.js';
import { formattedAdapterPaths } from './agents/adapters.js';
export { ADAPTERS } from './agents/adapters.js';
import { moduleSpecifier } from '../model/module-plan.js';
import { runtimeFiles, runtimeTemplates } from './runtime/runtime-files.js';
export { RUNTIME_TEMPLATES, runtimeFiles } from './runtime/runtime-files.js';
import { emitValidatorModule } from './client/validators.js';
import { mockSource } from './client/mock-file.js';

export interface EmittedFile {
  /** Relative to the output folder, with `/` separators. */
  path: string;
  content: string;
  /** Whether prettier should format it (templates are stored formatted). */
  format: boolean;
  /** The statements `content` was printed from, and how they are separated: for src/emit/print/shape-format.ts. */
  statements?: StatementList;
}

/**
 * Every file of a generated client, unformatted; the validator emitter's warnings join the model's.
 * `ready` is told of each file as soon as its text exists, cheapest first, so that formatting it can
 * start while the next is emitted (validators.ts, schemas as data, is written as it is).
 */
export async function emitClient(
  model: ClientModel,
  ready: (file: EmittedFile) => void = () => undefined,
): Promise<EmittedFile[]> {
  const header = banner(model);
  const emitted = (file: EmittedFile): EmittedFile => {
    ready(file);
    return file;
  };
  const { files } = model;
  // The banner is the first statement: its comments and the blank line after it are printed as such.
  const printed = (path: string, statements: Statement[], together: Together = 'imports') => {
    const list = [header.replace(/\n$/, ''), ...statements];
    const content = fileText(list, together);
    return emitted({ path, content, format: true, statements: { list, together } });
  };
  const toolFiles = toolFilePaths(model).map((path) =>
    printed(
      path,
      toolsStatements(
        model,
        model.tools.filter((t) => t.file === path),
        path,
      ),
    ),
  );
  const client = printed(files.client, clientStatements(model));
  const index = printed(files.index, indexStatements(model), 'reexports');
  const typesText = paragraphs(oneLineDocs(await compileDefinitions(model.definitions)));
  // A catalog without schema types (no tools) still needs a module: index.ts re-exports it.
  const typesBody = typesText.trim() === '' ? 'export {};\n' : typesText;
  const types = emitted({ path: files.types, content: `${header}\n${typesBody}`, format: true });
  const agentFiles = emitAgentFiles(model, header, typesText);
  const validators = emitValidatorModule(
    validatorEntries(model),
    moduleSpecifier(files.validators, files.runtime).replace(/runtime\.js$/, 'runtime-validate.js'),
    specEntries(model),
  );
  model.warnings.push(...validators.warnings);
  // A shared runtime (config `runtime.out`) is emitted once, by generate, for every client.
  const runtime = files.runtimeShared
    ? []
    : await runtimeFiles(runtimeTemplates(model.adapters.flatMap((a) => Object.keys(a.runtime))));
  return [
    types,
    ...toolFiles,
    {
      path: files.validators,
      content: `${header}\n${validators.source}`,
      format: false,
    },
    client,
    index,
    ...(files.catalog
      ? [{ path: files.catalog, content: catalogSource(model), format: false }]
      : []),
    ...(files.readme ? [{ path: files.readme, content: readmeSource(model), format: false }] : []),
    ...agentFiles,
    // Written as it is: it embeds the tools' schemas, as validators.ts does.
    ...(files.mock
      ? [{ path: files.mock, content: mockSource(model, header), format: false }]
      : []),
    ...runtime,
  ];
}

// The planner placed every tool in a file: tools.ts for all of them, or tools/<tool>.ts each.
const toolFilePaths = (model: ClientModel) => [...new Set(model.tools.map((t) => t.file))];

/** The files emitClient gives to prettier, known before they are emitted (to resolve prettier's options first). */
export function formattedPaths(model: ClientModel): string[] {
  const { files } = model;
  // The framework adapters are formatted too; schemas.ts and the code-mode files are written as they are.
  return [
    files.types,
    ...toolFilePaths(model),
    files.client,
    files.index,
    ...formattedAdapterPaths(model),
  ];
}
