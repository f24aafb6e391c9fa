import type { ServerConfig } from '../config/types.js';
import type { SharedDefinitions } from './shared-definitions.js';
import type { NamePlanner } from './naming.js';
import type { AgentsModel, BranchModel, ToolModel, ToolSchemaNames } from './types.js';

/**
 * The names and files of what agent frameworks take (issue 26): a Standard Schema object per tool
 * input and output, `toolSchemas` keyed by wire name, and the code-mode declaration. Decided here, by
 * the one naming pass, so the emitters in src/emit/schemas-file.ts and src/emit/code-mode.ts only print.
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
/** What langchain.ts and mastra.ts import from the frameworks. */
const LANGCHAIN_IMPORTS = ['DynamicStructuredTool', 'ToolSchemaBase', 'createTool'];
/** What schemas.ts imports from the runtime (templates/runtime-standard.ts): no declaration may take them. */
const STANDARD_RUNTIME_EXPORTS = [
  'standardSchema',
  'StandardToolSchema',
  'StandardIssue',
  'StandardResult',
  'JsonSchemaTarget',
  'classifyOutput',
];

/** The config's switches, with what each needs: the LangChain adapter takes its schemas from schemas.ts. */
export function agentOptionsOf(options: AgentOptions | undefined): AgentOptions {
  const agents = options ?? {};
  return agents.langchain === true || agents.mastra === true
    ? { ...agents, standardSchema: true }
    : agents;
}

/** Reserve the fixed names first; the runtime's names are taken so no type shadows an import of schemas.ts. */
export function reserveAgentNames(types: NamePlanner): void {
  for (const name of [...AGENT_EXPORTS, ...STANDARD_RUNTIME_EXPORTS, ...LANGCHAIN_IMPORTS])
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
