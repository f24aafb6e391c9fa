import { mastraPlan } from '../../model/adapters/mastra.js';
import type { ToolModel } from '../../model/types.js';
import { docs, str } from '../print/text.js';
import { oneFileAdapter, type Adapter } from './adapter.js';
import { clientParameter, toolDescription, toolsFunction, wireKey } from './adapter-text.js';
import { renameHelper, renamedTypeOf, type RenameForm } from './aggregate-rename.js';

/**
 * A Mastra tool validates around its `execute`, so the renamed one's input and output are validated
 * again by the server tool it calls: the same schemas, so the same answer.
 */
const AGGREGATE_FORM: RenameForm = {
  title: 'Mastra',
  imports: "import { Tool, type ToolExecutionContext } from '@mastra/core/tools';",
  exported: 'mastraTools',
  renamedType:
    renamedTypeOf(`  T extends Tool<infer I, infer O, infer S, infer R, infer C, string, infer Q>
    ? Tool<I, O, S, R, C, N, Q>
    : never;`),
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
};

function mastraStatements(tools: readonly ToolModel[]): string[] {
  const created = (t: ToolModel) => {
    const s = t.schemaObjects!;
    return `typeof createTool<${str(t.tool.name)}, typeof ${s.input}${s.output ? `, typeof ${s.output}` : ''}>`;
  };
  const type = tools.map((t) => `  readonly ${str(t.tool.name)}: ReturnType<${created(t)}>;`);
  const doc = docs(
    "The server's tools as Mastra tools, keyed by wire name, with the tools' Standard Schema objects as their schemas.",
  );
  return [toolsFunction(doc, 'mastraTools', clientParameter(tools), type, tools.map(toolValue))];
}

function toolValue(t: ToolModel): string {
  const s = t.schemaObjects!;
  const execute = s.output
    ? [
        `      execute: async (input) => {`,
        `        const result = await ${t.functionName}(client, input);`,
        `        if (result.ok) return result.data as never;`,
        `        if (result.raw.isError === true || result.error.code.startsWith('$')) throw new ToolCallError(result.error, result.raw);`,
        `        return result.error.details as never;`,
        `      },`,
      ]
    : [`      execute: (input) => ${t.functionName}(client, input),`];
  return [
    `    ${wireKey(t.tool.name)}: createTool({`,
    `      id: ${str(t.tool.name)},`,
    `      description: ${str(toolDescription(t))},`,
    `      inputSchema: ${s.input},`,
    ...(s.output ? [`      outputSchema: ${s.output},`] : []),
    ...execute,
    '    }),',
  ].join('\n');
}

/**
 * The print half of config `agents.mastra`. `mastra.ts`: `mastraTools(client)`, one Mastra tool a tool
 * (`createTool` with the tool's Standard Schema objects as `inputSchema` and, when it declares one,
 * `outputSchema`: Mastra requires a synchronous `validate`, which they have). `execute` calls the tool
 * function: it resolves to what the server sent as structured content (a coded soft-error envelope
 * included, as the output schema allows) and throws `ToolCallError` for an `isError` result, which
 * Mastra reports to the model. A tool without an outputSchema resolves to its typed result. Like
 * langchain.ts, the only file that imports the framework, and not re-exported by index.ts.
 */
export const mastraAdapter: Adapter = oneFileAdapter(mastraPlan, {
  role: 'mastra',
  statements: mastraStatements,
  aggregate: AGGREGATE_FORM,
});
