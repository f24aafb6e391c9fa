import type { ServerConfig } from '../config/types.js';
import type { SharedDefinitions } from './shared-definitions.js';
import { openaiStrictFit } from '../schema/openai-strict.js';
import { openaiToolNames, type NamePlanner } from './naming.js';
import type { AgentsModel, BranchModel, ToolModel, ToolSchemaNames } from './types.js';

/**
 * The names and files of what agent frameworks take (issue 26): a Standard Schema object per tool
 * input and output, `toolSchemas` keyed by wire name, and the code-mode declaration. Decided here, by
 * the one naming pass, so the emitters in src/emit/client/schemas-file.ts and src/emit/client/code-mode.ts only print.
 */

/** `agents` in a server's config: each switch off unless set. */
export type AgentOptions = NonNullable<ServerConfig['agents']>;

/** The fixed public names: every client exports the same ones, so they are claimed before any tool's. */
const AGENT_EXPORTS = [
  'toolSchemas',
  'classifyToolOutput',
  'codeModeDeclaration',
  'langchainTools',
  'mastraTools',
] as const;

/**
 * The fixed names of openai-agents.ts (src/emit/agents/openai-agents-file.ts): its export, and the helpers
 * and parameter types it declares for its tools.
 */
export const OPENAI_AGENT_NAMES = {
  exported: 'openaiAgentsTools',
  parameters: 'parametersOf',
  output: 'modelOutput',
  strict: 'StrictParameters',
  loose: 'NonStrictParameters',
} as const;
/** What langchain.ts, mastra.ts and openai-agents.ts import from the frameworks. */
const FRAMEWORK_IMPORTS = [
  'DynamicStructuredTool',
  'ToolSchemaBase',
  'createTool',
  'tool',
  'FunctionTool',
];
/** What schemas.ts imports from the runtime (templates/runtime-standard.ts): no declaration may take them. */
const STANDARD_RUNTIME_EXPORTS = [
  'standardSchema',
  'StandardToolSchema',
  'StandardIssue',
  'StandardResult',
  'JsonSchemaTarget',
  'classifyOutput',
];

/** The config's switches, with what each needs: the adapters take their schemas from schemas.ts. */
export function agentOptionsOf(options: AgentOptions | undefined): AgentOptions {
  const agents = options ?? {};
  return agents.langchain === true || agents.mastra === true || agents.openai === true
    ? { ...agents, standardSchema: true }
    : agents;
}

/** Reserve the fixed names first; the runtime's names are taken so no type shadows an import of schemas.ts. */
export function reserveAgentNames(types: NamePlanner): void {
  for (const name of [
    ...AGENT_EXPORTS,
    ...Object.values(OPENAI_AGENT_NAMES),
    ...STANDARD_RUNTIME_EXPORTS,
    ...FRAMEWORK_IMPORTS,
  ])
    types.reserve(name);
}

/** A tool's Standard Schema names, claimed right after its own names (so a `$defs` type never takes one). */
export function claimToolSchemaNames(
  types: NamePlanner,
  base: string,
  hasOutput: boolean,
  options: AgentOptions,
): { input: string; output?: string } | undefined {
  if (options.standardSchema !== true) return undefined;
  const input = types.claim(`${base}InputSchema`);
  return hasOutput ? { input, output: types.claim(`${base}OutputSchema`) } : { input };
}

/** The validator of the whole output schema, named like the branch validators (`<Spec>_output`). */
export function toolSchemaNames(
  claimed: { input: string; output?: string },
  tool: Pick<ToolModel, 'tool' | 'specName'>,
  definitions: SharedDefinitions,
): ToolSchemaNames {
  const output = tool.tool.outputSchema;
  if (claimed.output === undefined || output === undefined) return { input: claimed.input };
  return {
    ...claimed,
    outputValidator: `${tool.specName}_output`,
    outputValidationSchema: definitions.validationSchema(output),
  };
}

/** The TypeScript type a Standard Schema output stands for: any branch of the schema, as sent. */
export function outputUnion(branches: readonly BranchModel[]): string {
  return [...new Set(branches.map((b) => b.typeName))].join(' | ') || 'unknown';
}

export function planAgents(
  options: AgentOptions,
  types: NamePlanner,
  className: string,
): AgentsModel | undefined {
  if (options.standardSchema !== true && options.codeMode !== true) return undefined;
  return {
    standardSchema: options.standardSchema === true,
    codeMode: options.codeMode === true,
    langchain: options.langchain === true,
    ...(options.codeMode === true
      ? { codeModeNamespace: types.claim(`${className.replace(/Client$/, '')}Tools`) }
      : {}),
  };
}

/** The model's `agents` field: absent when the config turns none on. */
export const agentsModel = (agents: ReturnType<typeof planAgents>) => (agents ? { agents } : {});

/**
 * Each tool's OpenAI Agents SDK tool (config `agents.openai`): the name the model calls it by, and
 * whether it is strict, judged on the input schema its Standard Schema object gives as JSON Schema.
 */
export function withOpenaiTools(tools: ToolModel[], options: AgentOptions): ToolModel[] {
  if (options.openai !== true) return tools;
  const names = openaiToolNames(tools.map((t) => t.tool.name));
  return tools.map((t, i) => ({
    ...t,
    openaiTool: {
      name: names[i]!,
      ...openaiStrictFit(t.inputValidationSchema ?? t.tool.inputSchema),
    },
  }));
}
