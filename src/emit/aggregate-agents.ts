import {
  AGGREGATE_AGENT_NAMES as NAMES,
  type AggregateModel,
  type FlatToolModel,
} from '../model/aggregate.js';
import { jsDoc } from './print.js';
import { docs, str } from './text.js';

/**
 * The aggregate's langchain.ts and mastra.ts (`aggregate.agents.langchain`, `.mastra`): each flat
 * tool is its server's own LangChain or Mastra tool (from that server's generated module: its
 * description, schemas and function) under the flat name the conflict policy chose, as the tool's name
 * (what the model sees) and its key. Like a server's, neither is re-exported by index.ts, so an app
 * that does not import one never loads its framework. Why a new tool rather than the server's own
 * object under another key: LangChain tells the model a tool's `name`, and Mastra indexes tools by
 * `id`, so two servers' `search` would still be one name. A Mastra tool validates around its
 * `execute`, so the renamed one's input and output are validated again by the server tool it calls:
 * the same schemas, so the same answer.
 */
type Adapter = 'langchain' | 'mastra';

const FRAMEWORKS = {
  langchain: {
    exported: NAMES.langchainTools,
    specifier: (s: AggregateModel['servers'][number]) => s.langchainSpecifier,
    imports: "import { DynamicStructuredTool } from '@langchain/core/tools';",
    renamedType: `export type ${NAMES.renamedType}<T, N extends string> =
  T extends DynamicStructuredTool<infer S, infer O, infer I, infer R, infer E, string>
    ? DynamicStructuredTool<S, O, I, R, E, N>
    : never;`,
    rename: `function ${NAMES.rename}<S, O, I, R, E, N extends string>(
  tool: DynamicStructuredTool<S, O, I, R, E, string>,
  name: N,
): DynamicStructuredTool<S, O, I, R, E, N> {
  return new DynamicStructuredTool<S, O, I, R, E, N>({
    name,
    description: tool.description,
    schema: tool.schema,
    func: tool.func,
  });
}`,
    doc: "Every flat tool as a LangChain.js tool, keyed and named by its flat name: each is its server's own tool (`langchainTools` of the server's langchain.ts: its description, input schema and function) under that name.",
  },
  mastra: {
    exported: NAMES.mastraTools,
    specifier: (s: AggregateModel['servers'][number]) => s.mastraSpecifier,
    imports: "import { Tool, type ToolExecutionContext } from '@mastra/core/tools';",
    renamedType: `export type ${NAMES.renamedType}<T, N extends string> =
  T extends Tool<infer I, infer O, infer S, infer R, infer C, string, infer Q>
    ? Tool<I, O, S, R, C, N, Q>
    : never;`,
    rename: `function ${NAMES.rename}<I, O, N extends string>(
  tool: Tool<I, O, unknown, unknown, ToolExecutionContext, string>,
  id: N,
): Tool<I, O, unknown, unknown, ToolExecutionContext, N> {
  return new Tool<I, O, unknown, unknown, ToolExecutionContext, N>({
    id,
    description: tool.description,
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    execute: (input, context) => tool.execute!(input, context),
  });
}`,
    doc: "Every flat tool as a Mastra tool, keyed by its flat name, which is also its `id`: each calls its server's own tool (`mastraTools` of the server's mastra.ts: its description, Standard Schema objects and function).",
  },
} as const;

export function aggregateAdapterSource(
  model: AggregateModel,
  adapter: Adapter,
  header: string,
): string {
  const framework = FRAMEWORKS[adapter];
  const used = model.servers.filter((s) => model.flat.some((f) => f.server === s));
  const serverTool = (f: FlatToolModel) =>
    `${NAMES.byServer}.${f.server.key}[${str(f.tool.tool.name)}]`;
  const type = model.flat.map(
    (f) =>
      `  readonly ${str(f.name)}: ${NAMES.renamedType}<ReturnType<typeof ${f.server.key}.${framework.exported}>[${str(f.tool.tool.name)}], ${str(f.name)}>;`,
  );
  const byServer = used.map(
    (s) => `    ${s.key}: ${s.key}.${framework.exported}(${NAMES.clients}.${s.key}),`,
  );
  const value = model.flat.map(
    (f) => `    ${str(f.name)}: ${NAMES.rename}(${serverTool(f)}, ${str(f.name)}),`,
  );
  const signature = `export function ${framework.exported}(${NAMES.clients}: ${model.clientsType})`;
  // No tool on any server: nothing to rename, and an unused helper or import would fail a strict build.
  if (model.flat.length === 0)
    return [
      header,
      `import type { ${model.clientsType} } from './index.js';`,
      '',
      `${jsDoc(docs(framework.doc))}${signature.replace(`(${NAMES.clients}:`, `(_${NAMES.clients}:`)}: Record<string, never> {`,
      '  return {};',
      '}',
      '',
    ].join('\n');
  return [
    header,
    framework.imports,
    `import type { ${model.clientsType} } from './index.js';`,
    ...used.map((s) => `import * as ${s.key} from ${str(framework.specifier(s)!)};`),
    '',
    `${jsDoc(docs(`A server's ${adapter === 'langchain' ? 'LangChain' : 'Mastra'} tool as this module names it: the same tool but its name.`))}${framework.renamedType}`,
    '',
    "// A server's tool under its flat name, with the server tool's description, schemas and function.",
    framework.rename,
    '',
    `${jsDoc(docs(framework.doc))}${signature}: {`,
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
