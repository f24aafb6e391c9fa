import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { clientParameter } from './langchain-file.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';

/**
 * `mastra.ts` (config `agents.mastra`): `mastraTools(client)`, one Mastra tool a tool (`createTool` with
 * the tool's Standard Schema objects as `inputSchema` and, when it declares one, `outputSchema`: Mastra
 * requires a synchronous `validate`, which they have). `execute` calls the tool function: it resolves to
 * what the server sent as structured content (a coded soft-error envelope included, as the output
 * schema allows) and throws `ToolCallError` for an `isError` result, which Mastra reports to the model.
 * A tool without an outputSchema resolves to its typed result. Like langchain.ts, the only file that
 * imports the framework, and not re-exported by index.ts.
 */
export function mastraStatements(model: ClientModel): string[] {
  const file = model.files.mastra;
  if (file === undefined) return [];
  const statements = (model.modules[file] ?? []).map(importText);
  const key = (name: string) => (name === '__proto__' ? `[${str(name)}]` : str(name));
  const created = (t: ToolModel) => {
    const s = t.standardSchema!;
    return `typeof createTool<${str(t.tool.name)}, typeof ${s.input}${s.output ? `, typeof ${s.output}` : ''}>`;
  };
  const type = model.tools
    .map((t) => `  readonly ${str(t.tool.name)}: ReturnType<${created(t)}>;`)
    .join('\n');
  const value = model.tools.map((t) => toolValue(t, key)).join('\n');
  const doc = docs(
    "The server's tools as Mastra tools, keyed by wire name, with the tools' Standard Schema objects as their schemas.",
  );
  statements.push(
    `${jsDoc(doc)}export function mastraTools(${clientParameter(model)}): {\n${type}\n} {\n  return {\n${value}\n  };\n}`,
  );
  return statements;
}

function toolValue(t: ToolModel, key: (name: string) => string): string {
  const s = t.standardSchema!;
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
    `    ${key(t.tool.name)}: createTool({`,
    `      id: ${str(t.tool.name)},`,
    `      description: ${str(t.tool.description ?? t.tool.title ?? t.tool.name)},`,
    `      inputSchema: ${s.input},`,
    ...(s.output ? [`      outputSchema: ${s.output},`] : []),
    ...execute,
    '    }),',
  ].join('\n');
}
