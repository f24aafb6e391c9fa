import { OPENAI_AGENT_NAMES as NAMES } from '../../model/agents.js';
import type { ClientModel, ToolModel } from '../../model/types.js';
import { importText } from '../print/imports.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from '../client/tool-function.js';

/**
 * `openai-agents.ts` (config `agents.openai`): `openaiAgentsTools(client)`, one `@openai/agents`
 * `tool()` a tool, with its input schema as JSON Schema `parameters` (from its Standard Schema
 * object), `strict: true` only where that schema fits OpenAI's strict subset (the model planned it,
 * src/schema/openai-strict.ts; the tool's doc comment says which, and why not), and an `execute` that
 * calls the tool function: the data goes to the model, and so does a coded error, as the server's code,
 * message and details rather than a thrown stack. Like langchain.ts, the only file that imports its
 * framework, and not re-exported by index.ts. The tools are built when it is called, not on import.
 */
export function openaiAgentsStatements(model: ClientModel): string[] {
  const file = model.files.openai;
  if (file === undefined) return [];
  const statements = (model.modules[file] ?? []).map(importText);
  // No tool: nothing to build, and an unused helper or import would fail a strict build.
  if (model.tools.length === 0)
    return [
      ...statements,
      `${jsDoc(docs(DOC))}export function ${NAMES.exported}(_client: McpClientLike): Record<string, never> {\n  return {};\n}`,
    ];
  const type = model.tools
    .map(
      (t) =>
        `${jsDoc(docs(strictness(t)), '  ')}  readonly ${str(t.tool.name)}: FunctionTool<unknown, ${parametersType(t)}>;`,
    )
    .join('\n');
  const value = model.tools.map(toolValue).join('\n');
  statements.push(
    ...helpers(model.tools),
    `${jsDoc(docs(DOC))}export function ${NAMES.exported}(client: McpClientLike): {\n${type}\n} {\n  return {\n${value}\n  };\n}`,
  );
  return statements;
}

const DOC =
  "The server's tools as OpenAI Agents SDK tools, keyed by wire name (`new Agent({ tools: Object.values(openaiAgentsTools(client)) })`): each calls the tool function, and the model reads its data, or its coded error as JSON text with the server's code, message and details.";

function strictness(t: ToolModel): string {
  const plan = t.openaiTool!;
  const called = `${str(t.tool.name)} (the model calls it \`${plan.name}\`)`;
  return plan.strict
    ? `${called}: strict, since its input schema fits OpenAI's strict subset.`
    : `${called}: not strict, since its input schema is outside OpenAI's strict subset (${plan.reason}).`;
}

const parametersType = (t: ToolModel) => (t.openaiTool!.strict ? NAMES.strict : NAMES.loose);

// A wire name as a property key: quoted, and computed for `__proto__`, which would set the prototype.
const key = (name: string) => (name === '__proto__' ? `[${str(name)}]` : str(name));

function toolValue(t: ToolModel): string {
  const plan = t.openaiTool!;
  return [
    `    ${key(t.tool.name)}: tool({`,
    `      name: ${str(plan.name)},`,
    `      description: ${str(t.tool.description ?? t.tool.title ?? t.tool.name)},`,
    `      parameters: ${NAMES.parameters}(${t.standardSchema!.input}) as ${parametersType(t)},`,
    `      strict: ${plan.strict},`,
    `      execute: async (input) => ${NAMES.output}(await ${t.functionName}(client, input as ${inputParameterType(t)})),`,
    '    }),',
  ].join('\n');
}

// What `tool()` is given, and what the model is handed back: the parameter types only where used.
function helpers(tools: readonly ToolModel[]): string[] {
  const schemaType = (name: string, additionalProperties: boolean, doc: string) =>
    `${jsDoc(docs(doc))}type ${name} = {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required: string[];
  additionalProperties: ${additionalProperties};
};`;
  return [
    ...(tools.some((t) => t.openaiTool!.strict)
      ? [
          schemaType(
            NAMES.strict,
            false,
            'The JSON Schema `tool()` takes with `strict: true`: every object closed and every property required.',
          ),
        ]
      : []),
    ...(tools.some((t) => !t.openaiTool!.strict)
      ? [
          schemaType(
            NAMES.loose,
            true,
            "The JSON Schema `tool()` takes with `strict: false` (typed as open; the server's schema goes to the model as it is).",
          ),
        ]
      : []),
    `// A tool's input schema as OpenAI reads it: the server's, in JSON Schema 2020-12, without \`$schema\`.
function ${NAMES.parameters}(schema: StandardToolSchema<unknown>): Record<string, unknown> {
  const parameters = schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  delete parameters.$schema;
  return parameters;
}`,
    `// What the model reads of a call: the data, or a coded error as the server said it (its code, message
// and details), as JSON text rather than a thrown stack.
function ${NAMES.output}(
  result:
    | { ok: true; data: unknown }
    | { ok: false; error: { code: string; serverCode?: string | undefined; message: string; details: unknown } },
): unknown {
  if (result.ok) return result.data;
  const { code, serverCode, message, details } = result.error;
  return JSON.stringify({ error: { code, serverCode, message, details } });
}`,
  ];
}
