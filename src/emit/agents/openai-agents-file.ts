import {
  OPENAI_AGENT_NAMES as NAMES,
  openaiFlatNamesOf,
  openaiPlan,
  openaiToolsOf,
  type OpenAiTool,
} from '../../model/adapters/openai.js';
import type { AdapterModel, ClientModel, ToolModel } from '../../model/types.js';
import { jsDoc } from '../print/print.js';
import { docs, str } from '../print/text.js';
import { inputParameterType } from '../client/tool-function.js';
import { oneFileAdapter, type Adapter } from './adapter.js';
import { toolDescription, toolsFunction, wireKey } from './adapter-text.js';
import { renameHelper, type RenameForm } from './aggregate-rename.js';

/** An Agents SDK tool is a plain object whose `invoke` does the work: the same object with another `name`. */
const AGGREGATE_FORM: RenameForm = {
  title: 'OpenAI Agents SDK',
  imports: "import type { FunctionTool } from '@openai/agents';",
  exported: NAMES.exported,
  rename: renameHelper(
    'T extends FunctionTool<unknown, never>, N extends string',
    'T',
    'name',
    'T',
    '{ ...tool, name }',
  ),
  calledBy: (adapter, _f, i) => openaiFlatNamesOf(adapter)[i]!,
  doc: "Every flat tool as an OpenAI Agents SDK tool, keyed by its flat name, which the model calls it by (its letters and digits, at most 64 characters): each is its server's own tool (`openaiAgentsTools` of the server's openai-agents.ts: its description, JSON Schema, strictness and function) under that name.",
};

/**
 * The print half of config `agents.openai`. `openai-agents.ts`: `openaiAgentsTools(client)`, one
 * `@openai/agents` `tool()` a tool, with its input schema as JSON Schema `parameters` (from its
 * Standard Schema object), `strict: true` only where that schema fits OpenAI's strict subset (the
 * model planned it, src/schema/openai-strict.ts; the tool's doc comment says which, and why not), and
 * an `execute` that calls the tool function: the data goes to the model, and so does a coded error,
 * as the server's code, message and details rather than a thrown stack (`parametersOf` and
 * `modelOutput` of templates/runtime-agents.ts). Like langchain.ts, the only
 * file that imports its framework, and not re-exported by index.ts. The tools are built when it is
 * called, not on import.
 */
export const openaiAdapter: Adapter = oneFileAdapter(openaiPlan, {
  role: 'openai',
  statements: openaiAgentsStatements,
  aggregate: AGGREGATE_FORM,
});

/** A tool with the Agents SDK tool the plan made of it. */
type Offered = { t: ToolModel; plan: OpenAiTool };

function openaiAgentsStatements(
  offered: readonly ToolModel[],
  _model: ClientModel,
  adapter: AdapterModel,
): string[] {
  const plans = openaiToolsOf(adapter);
  const tools: Offered[] = offered.map((t, i) => ({ t, plan: plans[i]! }));
  // No tool: nothing to build, and an unused helper or import would fail a strict build.
  if (tools.length === 0)
    return [
      `${jsDoc(docs(DOC))}export function ${NAMES.exported}(_client: McpClientLike): Record<string, never> {\n  return {};\n}`,
    ];
  const type = tools.map(
    (o) =>
      `${jsDoc(docs(strictness(o)), '  ')}  readonly ${str(o.t.tool.name)}: FunctionTool<unknown, ${parametersType(o.plan)}>;`,
  );
  return [
    toolsFunction(docs(DOC), NAMES.exported, 'client: McpClientLike', type, tools.map(toolValue)),
  ];
}

const DOC =
  "The server's tools as OpenAI Agents SDK tools, keyed by wire name (`new Agent({ tools: Object.values(openaiAgentsTools(client)) })`): each calls the tool function, and the model reads its data, or its coded error as JSON text with the server's code, message and details.";

function strictness({ t, plan }: Offered): string {
  const called = `${str(t.tool.name)} (the model calls it \`${plan.name}\`)`;
  return plan.strict
    ? `${called}: strict, since its input schema fits OpenAI's strict subset.`
    : `${called}: not strict, since its input schema is outside OpenAI's strict subset (${plan.reason}).`;
}

const parametersType = (plan: OpenAiTool) => (plan.strict ? NAMES.strict : NAMES.loose);

function toolValue({ t, plan }: Offered): string {
  return [
    `    ${wireKey(t.tool.name)}: tool({`,
    `      name: ${str(plan.name)},`,
    `      description: ${str(toolDescription(t))},`,
    `      parameters: ${NAMES.parameters}(${t.schemaObjects!.input}) as ${parametersType(plan)},`,
    `      strict: ${plan.strict},`,
    `      execute: async (input) => ${NAMES.output}(await ${t.functionName}(client, input as ${inputParameterType(t)})),`,
    '    }),',
  ].join('\n');
}
