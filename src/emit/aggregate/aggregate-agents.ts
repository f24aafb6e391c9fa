import {
  AGGREGATE_AGENT_NAMES as NAMES,
  type AggregateModel,
  type FlatToolModel,
} from '../../model/aggregate.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';

/**
 * The aggregate's langchain.ts, mastra.ts and openai-agents.ts (`aggregate.agents.langchain`, `.mastra`,
 * `.openai`): each flat tool is its server's own LangChain, Mastra or OpenAI Agents SDK tool (from that
 * server's generated module: its description, schemas and function) under the flat name the conflict
 * policy chose, as the tool's name (what the model sees) and its key. Like a server's, none is
 * re-exported by index.ts, so an app that does not import one never loads its framework. Why a new
 * tool rather than the server's own object under another key: LangChain and the Agents SDK tell the
 * model a tool's `name`, and Mastra indexes tools by `id`, so two servers' `search` would still be one
 * name. A Mastra tool validates around its `execute`, so the renamed one's input and output are
 * validated again by the server tool it calls: the same schemas, so the same answer. An Agents SDK
 * tool is a plain object whose `invoke` does the work, so it is the same object with another `name`.
 */
type Adapter = 'langchain' | 'mastra' | 'openai';

interface Framework {
  title: string;
  imports: string;
  /** `RenamedTool<T, N>`: a server's tool type under the name N; absent where the name is not in the type. */
  renamedType?: string;
  rename: string;
  /** The name the model calls a flat tool by, where it is not the flat name. */
  calledBy?: (f: FlatToolModel) => string;
  doc: string;
}

/**
 * The helper that gives a server's tool its flat name: one shape, around each framework's own way of
 * making a tool (`call`, which reads `tool` and the name parameter).
 */
const renameHelper = (
  generics: string,
  tool: string,
  parameter: string,
  renamed: string,
  call: string,
) => `function ${NAMES.rename}<${generics}>(
  tool: ${tool},
  ${parameter}: N,
): ${renamed} {
  return ${call};
}`;

const FRAMEWORKS: Record<Adapter, Framework> = {
  langchain: {
    title: 'LangChain',
    imports: "import { DynamicStructuredTool } from '@langchain/core/tools';",
    renamedType: `export type ${NAMES.renamedType}<T, N extends string> =
  T extends DynamicStructuredTool<infer S, infer O, infer I, infer R, infer E, string>
    ? DynamicStructuredTool<S, O, I, R, E, N>
    : never;`,
    rename: renameHelper(
      'S, O, I, R, E, N extends string',
      'DynamicStructuredTool<S, O, I, R, E, string>',
      'name',
      'DynamicStructuredTool<S, O, I, R, E, N>',
      `new DynamicStructuredTool<S, O, I, R, E, N>({
    name,
    description: tool.description,
    schema: tool.schema,
    func: tool.func,
  })`,
    ),
    doc: "Every flat tool as a LangChain.js tool, keyed and named by its flat name: each is its server's own tool (`langchainTools` of the server's langchain.ts: its description, input schema and function) under that name.",
  },
  mastra: {
    title: 'Mastra',
    imports: "import { Tool, type ToolExecutionContext } from '@mastra/core/tools';",
    renamedType: `export type ${NAMES.renamedType}<T, N extends string> =
  T extends Tool<infer I, infer O, infer S, infer R, infer C, string, infer Q>
    ? Tool<I, O, S, R, C, N, Q>
    : never;`,
    rename: renameHelper(
      'I, O, N extends string',
      'Tool<I, O, unknown, unknown, ToolExecutionContext, string>',
      'id',
      'Tool<I, O, unknown, unknown, ToolExecutionContext, N>',
      `new Tool<I, O, unknown, unknown, ToolExecutionContext, N>({
    id,
    description: tool.description,
    ...(tool.inputSchema ? { inputSchema: tool.inputSchema } : {}),
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    execute: (input, context) => tool.execute!(input, context),
  })`,
    ),
    doc: "Every flat tool as a Mastra tool, keyed by its flat name, which is also its `id`: each calls its server's own tool (`mastraTools` of the server's mastra.ts: its description, Standard Schema objects and function).",
  },
  openai: {
    title: 'OpenAI Agents SDK',
    imports: "import type { FunctionTool } from '@openai/agents';",
    rename: renameHelper(
      'T extends FunctionTool<unknown, never>, N extends string',
      'T',
      'name',
      'T',
      '{ ...tool, name }',
    ),
    calledBy: (f) => f.openaiName!,
    doc: "Every flat tool as an OpenAI Agents SDK tool, keyed by its flat name, which the model calls it by (its letters and digits, at most 64 characters): each is its server's own tool (`openaiAgentsTools` of the server's openai-agents.ts: its description, JSON Schema, strictness and function) under that name.",
  },
};

export function aggregateAdapterSource(
  model: AggregateModel,
  adapter: Adapter,
  header: string,
): string {
  const framework = FRAMEWORKS[adapter];
  // Each server's module exports the same function the aggregate's does: `langchainTools`, … .
  const exported = NAMES[`${adapter}Tools`];
  const calledBy = framework.calledBy ?? ((f: FlatToolModel) => f.name);
  const used = model.servers.filter((s) => model.flat.some((f) => f.server === s));
  const serverTool = (f: FlatToolModel) =>
    `${NAMES.byServer}.${f.server.key}[${str(f.tool.tool.name)}]`;
  const type = model.flat.map((f) => {
    const own = `ReturnType<typeof ${f.server.key}.${exported}>[${str(f.tool.tool.name)}]`;
    const renamed = framework.renamedType
      ? `${NAMES.renamedType}<${own}, ${str(calledBy(f))}>`
      : own;
    return `  readonly ${str(f.name)}: ${renamed};`;
  });
  const byServer = used.map(
    (s) => `    ${s.key}: ${s.key}.${exported}(${NAMES.clients}.${s.key}),`,
  );
  const value = model.flat.map(
    (f) => `    ${str(f.name)}: ${NAMES.rename}(${serverTool(f)}, ${str(calledBy(f))}),`,
  );
  const signature = `export function ${exported}(${NAMES.clients}: ${model.clientsType})`;
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
    ...used.map((s) => `import * as ${s.key} from ${str(s[`${adapter}Specifier`]!)};`),
    '',
    ...(framework.renamedType
      ? [
          `${jsDoc(docs(`A server's ${framework.title} tool as this module names it: the same tool but its name.`))}${framework.renamedType}`,
          '',
        ]
      : []),
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
