import { strictModeFit, type StrictModeFit } from '../../schema/openai-strict.js';
import type { FlatToolModel } from '../aggregate-types.js';
import type { AdapterModel, ImportPlan, ToolModel } from '../types.js';
import type { AggregateAdapterModel } from '../aggregate-types.js';
import {
  importOf,
  inputTypeImports,
  packageImport,
  toolFileImports,
  type ImportName,
} from './imports.js';
import { schemaObjectsModule } from './plan.js';
import type { AdapterPlan } from './types.js';

/**
 * The plan half of config `agents.openai` (printed by src/emit/agents/openai-agents-file.ts):
 * openai-agents.ts with `openaiAgentsTools(client)`, one `@openai/agents` `tool()` a tool, with the
 * name the model calls it by and whether it is strict (its input schema within OpenAI's strict
 * subset, src/schema/openai-strict.ts). The only file that imports `@openai/agents`.
 */

/**
 * The fixed names of openai-agents.ts: its export, and what it imports of templates/runtime-agents.ts
 * (the helpers and parameter types of its tools).
 */
const NAMES = {
  exported: 'openaiAgentsTools',
  parameters: 'parametersOf',
  output: 'modelOutput',
  strict: 'StrictParameters',
  loose: 'NonStrictParameters',
} as const;
export const OPENAI_AGENT_NAMES = NAMES;

/** The runtime module of its helpers. */
const RUNTIME = 'runtime-agents.ts';

/** A tool as the Agents SDK offers it: the name the model calls, and whether strict (else why not). */
export type OpenAiTool = { name: string } & StrictModeFit;

/** OpenAI's bound on a function tool's name. */
const OPENAI_NAME_LENGTH = 64;

/**
 * The names the model calls OpenAI Agents SDK tools by, one per name given, in order: `@openai/agents`
 * turns every character but a letter or digit into `_` (so `get-user` is `get_user`); here that is done
 * first, the result cut to OpenAI's 64 characters and made unique (`get_user_2`), so that no two
 * tools of one file end up with one name and none is one the API refuses.
 */
export function openaiToolNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const base = name.replace(/[^A-Za-z0-9]/g, '_').slice(0, OPENAI_NAME_LENGTH) || 'tool';
    let candidate = base;
    for (let n = 2; taken.has(candidate); n++)
      candidate = `${base.slice(0, OPENAI_NAME_LENGTH - `_${n}`.length)}_${n}`;
    taken.add(candidate);
    return candidate;
  });
}

/** Each offered tool's Agents SDK tool, in the adapter's order; strictness judged on the schema its Standard Schema object gives. */
function openaiTools(offered: readonly ToolModel[]): OpenAiTool[] {
  const names = openaiToolNames(offered.map((t) => t.tool.name));
  return offered.map((t, i) => ({
    name: names[i]!,
    ...strictModeFit(t.inputValidationSchema ?? t.tool.inputSchema),
  }));
}

/** What the plan made of a client's offered tools, in their order. */
export const openaiToolsOf = (adapter: AdapterModel): readonly OpenAiTool[] =>
  adapter.data as OpenAiTool[];

/** The name the model calls each offered flat tool by, in their order. */
export const openaiFlatNamesOf = (adapter: AggregateAdapterModel): readonly string[] =>
  adapter.data as string[];

export const openaiPlan: AdapterPlan = {
  key: 'openai',
  files: { openai: 'openai-agents.ts' },
  runtime: [RUNTIME],
  reserved: [...Object.values(NAMES), 'tool', 'FunctionTool'],
  data: openaiTools,
  modules(model, adapter) {
    const file = adapter.files.openai!;
    const client = importOf(file, model.files.runtime, ['McpClientLike'], { typeOnly: true });
    const tools = adapter.offered;
    // No tool: the function returns nothing, and takes only the client's type.
    if (tools.length === 0) return { [file]: [client] };
    // The parameter types only where a tool is typed by one: an unused import fails a strict build.
    const strict = openaiToolsOf(adapter).map((t) => t.strict);
    const type = (name: string): ImportName[] => [[name, 'type']];
    const helpers: ImportName[] = [
      NAMES.output,
      ...(strict.includes(false) ? type(NAMES.loose) : []),
      NAMES.parameters,
      ...(strict.includes(true) ? type(NAMES.strict) : []),
    ];
    const imports: ImportPlan[] = [
      packageImport('@openai/agents', [['FunctionTool', 'type'], 'tool']),
      client,
      importOf(file, adapter.runtime[RUNTIME]!, helpers),
      importOf(
        file,
        schemaObjectsModule(model).file,
        tools.map((t) => t.schemaObjects!.input),
      ),
      ...toolFileImports(tools, file, (t) => [t.functionName]),
      ...inputTypeImports(model, tools, file),
    ];
    return { [file]: imports };
  },
  aggregate: {
    files: { openai: 'openai-agents.ts' },
    serverModule: 'openai',
    reserved: [NAMES.exported, 'FunctionTool'],
    data: (offered: readonly FlatToolModel[]) => openaiToolNames(offered.map((f) => f.name)),
  },
};
