import { langchainPlan } from '../../model/adapters/langchain.js';
import type { ToolModel } from '../../model/types.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from '../client/tool-function.js';
import { oneFileAdapter, type Adapter } from './adapter.js';
import { clientParameter, toolDescription, toolsFunction, wireKey } from './adapter-text.js';
import { renameHelper, renamedTypeOf, type RenameForm } from './aggregate-rename.js';

const AGGREGATE_FORM: RenameForm = {
  title: 'LangChain',
  imports: "import { DynamicStructuredTool } from '@langchain/core/tools';",
  exported: 'langchainTools',
  renamedType:
    renamedTypeOf(`  T extends DynamicStructuredTool<infer S, infer O, infer I, infer R, infer E, string>
    ? DynamicStructuredTool<S, O, I, R, E, N>
    : never;`),
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
};

/**
 * The print half of config `agents.langchain`. `langchain.ts`: `langchainTools(client)`, one
 * LangChain.js `DynamicStructuredTool` a tool, typed by explicit generics (its input type, its result
 * type and its wire name), with the JSON Schema (draft-07, what LangChain reads) of its Standard Schema
 * object. index.ts does not re-export it, so an app that does not import it never loads
 * `@langchain/core`. The tools are built when it is called, not on import.
 */
export const langchainAdapter: Adapter = oneFileAdapter(langchainPlan, {
  role: 'langchain',
  statements: langchainStatements,
  aggregate: AGGREGATE_FORM,
});

function langchainStatements(tools: readonly ToolModel[]): string[] {
  const generics = (t: ToolModel) =>
    `DynamicStructuredTool<ToolSchemaBase, ${inputParameterType(t)}, ${inputParameterType(t)}, ${t.resultType}, unknown, ${str(t.tool.name)}>`;
  const type = tools.map((t) => `  readonly ${str(t.tool.name)}: ${generics(t)};`);
  const value = tools.map((t) =>
    [
      `    ${wireKey(t.tool.name)}: new ${generics(t)}({`,
      `      name: ${str(t.tool.name)},`,
      `      description: ${str(toolDescription(t))},`,
      `      schema: ${t.schemaObjects!.input}['~standard'].jsonSchema.input({ target: 'draft-07' }) as ToolSchemaBase,`,
      `      func: (input) => ${t.functionName}(client, input),`,
      '    }),',
    ].join('\n'),
  );
  const doc = docs(
    "The server's tools as LangChain.js tools, keyed by wire name: each validates its arguments with the tool's input schema and resolves to the tool function's typed result (`ok: true` with the data, or `ok: false` with a coded error), which LangChain hands the model as JSON.",
  );
  return [toolsFunction(doc, 'langchainTools', clientParameter(tools), type, value)];
}
