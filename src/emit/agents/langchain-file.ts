import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from '../client/tool-function.js';

/**
 * `langchain.ts` (config `agents.langchain`): `langchainTools(client)`, one LangChain.js
 * `DynamicStructuredTool` a tool, typed by explicit generics (its input type, its result type and its
 * wire name), with the JSON Schema (draft-07, what LangChain reads) of its Standard Schema object.
 * The only generated file that imports a framework; index.ts does not re-export it, so an app that
 * does not import it never loads `@langchain/core`. The tools are built when it is called, not on import.
 */
export function langchainStatements(model: ClientModel): string[] {
  const file = model.files.langchain;
  if (file === undefined) return [];
  const statements = (model.modules[file] ?? []).map(importText);
  const key = (name: string) => (name === '__proto__' ? `[${str(name)}]` : str(name));
  const generics = (t: ToolModel) =>
    `DynamicStructuredTool<ToolSchemaBase, ${inputParameterType(t)}, ${inputParameterType(t)}, ${t.resultType}, unknown, ${str(t.tool.name)}>`;
  const type = model.tools.map((t) => `  readonly ${str(t.tool.name)}: ${generics(t)};`).join('\n');
  const value = model.tools
    .map((t) =>
      [
        `    ${key(t.tool.name)}: new ${generics(t)}({`,
        `      name: ${str(t.tool.name)},`,
        `      description: ${str(t.tool.description ?? t.tool.title ?? t.tool.name)},`,
        `      schema: ${t.standardSchema!.input}['~standard'].jsonSchema.input({ target: 'draft-07' }) as ToolSchemaBase,`,
        `      func: (input) => ${t.functionName}(client, input),`,
        '    }),',
      ].join('\n'),
    )
    .join('\n');
  const doc = docs(
    "The server's tools as LangChain.js tools, keyed by wire name: each validates its arguments with the tool's input schema and resolves to the tool function's typed result (`ok: true` with the data, or `ok: false` with a coded error), which LangChain hands the model as JSON.",
  );
  statements.push(
    `${jsDoc(doc)}export function langchainTools(${clientParameter(model)}): {\n${type}\n} {\n  return {\n${value}\n  };\n}`,
  );
  return statements;
}

/** The parameter of an adapter function: `_client` for a server with no tools, whose function reads none. */
export function clientParameter(model: ClientModel): string {
  return model.tools.length ? 'client: McpClientLike' : '_client: McpClientLike';
}
