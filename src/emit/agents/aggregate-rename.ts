import { AGGREGATE_AGENT_NAMES as NAMES } from '../../model/aggregate.js';
import type {
  AggregateAdapterModel,
  AggregateModel,
  FlatToolModel,
} from '../../model/aggregate-types.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { serverImports, serversOffering } from './adapter-text.js';

/**
 * The aggregate's framework files (`aggregate.agents` of a framework adapter): each flat tool is its
 * server's own framework tool (from that server's generated module: its description, schemas and
 * function) under the flat name the conflict policy chose, as the tool's name (what the model sees)
 * and its key. Like a server's, none is re-exported by index.ts, so an app that does not import one
 * never loads its framework. Why a new tool rather than the server's own object under another key:
 * frameworks tell the model a tool's `name` (or index tools by `id`), so two servers' `search` would
 * still be one name. Each adapter gives its framework's way of making a tool (`RenameForm`).
 */
export interface RenameForm {
  /** The framework's name, for docs. */
  title: string;
  /** What the file imports of the framework. */
  imports: string;
  /** The export, the same as each server's module has. */
  exported: string;
  /** `RenamedTool<T, N>`: a server's tool type under the name N; absent where the name is not in the type. */
  renamedType?: string;
  /** The helper that gives a server's tool its flat name (`renameHelper`). */
  rename: string;
  /** The name the model calls a flat tool by (the `i`th offered), where it is not the flat name. */
  calledBy?: (adapter: AggregateAdapterModel, f: FlatToolModel, i: number) => string;
  doc: string;
}

/**
 * The helper that gives a server's tool its flat name: one shape, around each framework's own way of
 * making a tool (`call`, which reads `tool` and the name parameter).
 */
export const renameHelper = (
  generics: string,
  tool: string,
  parameter: string,
  renamed: string,
  call: string,
): string => `function ${NAMES.rename}<${generics}>(
  tool: ${tool},
  ${parameter}: N,
): ${renamed} {
  return ${call};
}`;

/** `export type RenamedTool<T, N extends string> = …` for a framework whose tool type carries its name. */
export const renamedTypeOf = (body: string): string =>
  `export type ${NAMES.renamedType}<T, N extends string> =\n${body}`;

/** The aggregate's file of one framework adapter. */
export function renamedToolsSource(
  model: AggregateModel,
  adapter: AggregateAdapterModel,
  form: RenameForm,
  header: string,
): string {
  const { exported } = form;
  const { offered } = adapter;
  const calledBy = (f: FlatToolModel, i: number) => form.calledBy?.(adapter, f, i) ?? f.name;
  const used = serversOffering(model, offered);
  const serverTool = (f: FlatToolModel) =>
    `${NAMES.byServer}.${f.server.key}[${str(f.tool.tool.name)}]`;
  const type = offered.map((f, i) => {
    const own = `ReturnType<typeof ${f.server.key}.${exported}>[${str(f.tool.tool.name)}]`;
    const renamed = form.renamedType ? `${NAMES.renamedType}<${own}, ${str(calledBy(f, i))}>` : own;
    return `  readonly ${str(f.name)}: ${renamed};`;
  });
  const byServer = used.map(
    (s) => `    ${s.key}: ${s.key}.${exported}(${NAMES.clients}.${s.key}),`,
  );
  const value = offered.map(
    (f, i) => `    ${str(f.name)}: ${NAMES.rename}(${serverTool(f)}, ${str(calledBy(f, i))}),`,
  );
  const signature = `export function ${exported}(${NAMES.clients}: ${model.clientsType})`;
  // No tool on any server: nothing to rename, and an unused helper or import would fail a strict build.
  if (offered.length === 0)
    return [
      header,
      `import type { ${model.clientsType} } from './index.js';`,
      '',
      `${jsDoc(docs(form.doc))}${signature.replace(`(${NAMES.clients}:`, `(_${NAMES.clients}:`)}: Record<string, never> {`,
      '  return {};',
      '}',
      '',
    ].join('\n');
  return [
    header,
    form.imports,
    `import type { ${model.clientsType} } from './index.js';`,
    ...serverImports(used, (s) => adapter.modules[s.key]!),
    '',
    ...(form.renamedType
      ? [
          `${jsDoc(docs(`A server's ${form.title} tool as this module names it: the same tool but its name.`))}${form.renamedType}`,
          '',
        ]
      : []),
    "// A server's tool under its flat name, with the server tool's description, schemas and function.",
    form.rename,
    '',
    `${jsDoc(docs(form.doc))}${signature}: {`,
    ...type,
    '} {',
    `  const ${NAMES.byServer} = {`,
    ...byServer,
    '  };',
    '  return {',
    ...value,
    '  };',
    '}',
    '',
  ].join('\n');
}
