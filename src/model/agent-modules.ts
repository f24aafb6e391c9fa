import { compareStrings } from '../shared/compare.js';
import { moduleSpecifier } from './module-plan.js';
import type { ClientModel, ImportPlan, ModulePlans } from './types.js';

/**
 * What schemas.ts imports, and what index.ts re-exports of the agent files (src/model/agents.ts):
 * planned with the names, like every other module's imports (module-plan.ts).
 */
type Planned = Omit<ClientModel, 'modules'>;

const names = (list: Array<string | [string, 'type']>) =>
  list.map((n) => (typeof n === 'string' ? { name: n } : { name: n[0], type: true }));

function plan(
  from: string,
  file: string,
  list: Array<string | [string, 'type']>,
  extra: Partial<ImportPlan> = {},
): ImportPlan {
  return { file, specifier: moduleSpecifier(from, file), names: names(list), ...extra };
}

function agentModules(model: Planned): ModulePlans {
  const { schemas, runtimeStandard } = model.files;
  if (schemas === undefined || runtimeStandard === undefined) return {};
  // A server with no tools has no schema objects and no case to classify: nothing of these is used.
  const imports = model.tools.length
    ? [
        plan(schemas, runtimeStandard, [
          'classifyOutput',
          'standardSchema',
          ['StandardToolSchema', 'type'],
        ]),
      ]
    : [];
  const used = model.tools.flatMap((t) => [
    ...(t.inputKind === 'object' ? [t.inputType] : []),
    ...t.branches.map((b) => b.typeName),
  ]);
  if (used.length)
    imports.push(plan(schemas, model.files.types, [...new Set(used)].sort(), { typeOnly: true }));
  imports.push(...toolFileImports(model, schemas, (t) => [[t.resultType, 'type']]));
  if (model.tools.length)
    imports.push(plan(schemas, model.files.validators, [], { namespace: 'validators' }));
  return {
    [schemas]: imports,
    ...langchainModule(model),
    ...mastraModule(model),
    ...openaiModule(model),
  };
}

// langchain.ts: LangChain's tool class, the Standard Schema objects (for their JSON Schema) and the functions.
function langchainModule(model: Planned): ModulePlans {
  const { langchain, schemas } = model.files;
  if (langchain === undefined || schemas === undefined) return {};
  const client = plan(langchain, model.files.runtime, ['McpClientLike'], { typeOnly: true });
  // No tools: `langchainTools` returns `{}` and imports only its parameter's type (an unused import breaks `noUnusedLocals`).
  if (model.tools.length === 0) return { [langchain]: [client] };
  const tools = '@langchain/core/tools';
  const imports: ImportPlan[] = [
    {
      file: tools,
      specifier: tools,
      names: names(['DynamicStructuredTool', ['ToolSchemaBase', 'type']]),
    },
    client,
    plan(
      langchain,
      schemas,
      model.tools.map((t) => t.standardSchema!.input),
    ),
  ];
  imports.push(
    ...toolFileImports(model, langchain, (t) => [t.functionName, [t.resultType, 'type']]),
    ...inputTypeImports(model, langchain),
  );
  return { [langchain]: imports };
}

/** index.ts's re-exports of the agent files: the names every client with them exports. */
function agentIndexExports(model: Planned): ImportPlan[] {
  const { index, schemas, runtimeStandard, codeModeText } = model.files;
  const exports: ImportPlan[] = [];
  if (schemas !== undefined && runtimeStandard !== undefined) {
    const objects = model.tools.flatMap((t) =>
      t.standardSchema
        ? [t.standardSchema.input, ...(t.standardSchema.output ? [t.standardSchema.output] : [])]
        : [],
    );
    exports.push(
      plan(index, schemas, ['classifyToolOutput', 'toolSchemas', ...objects], { reexport: true }),
      plan(
        index,
        runtimeStandard,
        ['JsonSchemaTarget', 'StandardIssue', 'StandardResult', 'StandardToolSchema'],
        {
          reexport: true,
          typeOnly: true,
        },
      ),
    );
  }
  if (codeModeText !== undefined)
    exports.push(plan(index, codeModeText, ['codeModeDeclaration'], { reexport: true }));
  return exports;
}

// mastra.ts: Mastra's createTool, the Standard Schema objects, the functions and ToolCallError.
function mastraModule(model: Planned): ModulePlans {
  const { mastra, schemas } = model.files;
  if (mastra === undefined || schemas === undefined) return {};
  if (model.tools.length === 0)
    return { [mastra]: [plan(mastra, model.files.runtime, [['McpClientLike', 'type']])] };
  const tools = '@mastra/core/tools';
  const objects = model.tools.flatMap((t) =>
    t.standardSchema
      ? [t.standardSchema.input, ...(t.standardSchema.output ? [t.standardSchema.output] : [])]
      : [],
  );
  const imports: ImportPlan[] = [
    { file: tools, specifier: tools, names: names(['createTool']) },
    // ToolCallError is thrown only by the tools with an output schema (mastra-file.ts `toolValue`).
    plan(mastra, model.files.runtime, [
      ['McpClientLike', 'type'],
      ...(model.tools.some((t) => t.standardSchema?.output) ? ['ToolCallError'] : []),
    ]),
    plan(mastra, schemas, objects),
  ];
  imports.push(...toolFileImports(model, mastra, (t) => [t.functionName]));
  return { [mastra]: imports };
}

// openai-agents.ts: the SDK's tool(), the Standard Schema objects (for their JSON Schema), the functions.
function openaiModule(model: Planned): ModulePlans {
  const { openai, schemas, runtimeStandard } = model.files;
  if (openai === undefined || schemas === undefined || runtimeStandard === undefined) return {};
  const client = plan(openai, model.files.runtime, ['McpClientLike'], { typeOnly: true });
  // No tool: the function returns nothing, and takes only the client's type.
  if (model.tools.length === 0) return { [openai]: [client] };
  const sdk = '@openai/agents';
  const imports: ImportPlan[] = [
    { file: sdk, specifier: sdk, names: names([['FunctionTool', 'type'], 'tool']) },
    client,
    plan(openai, runtimeStandard, ['StandardToolSchema'], { typeOnly: true }),
    plan(
      openai,
      schemas,
      model.tools.map((t) => t.standardSchema!.input),
    ),
    ...toolFileImports(model, openai, (t) => [t.functionName]),
    ...inputTypeImports(model, openai),
  ];
  return { [openai]: imports };
}

// What `from` imports of each tool's file (tools.ts, or one file a tool), in file order.
function toolFileImports(
  model: Planned,
  from: string,
  of: (t: Planned['tools'][number]) => Array<string | [string, 'type']>,
): ImportPlan[] {
  const byFile = new Map<string, Array<string | [string, 'type']>>();
  for (const t of model.tools) byFile.set(t.file, [...(byFile.get(t.file) ?? []), ...of(t)]);
  return [...byFile]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(([file, list]) => plan(from, file, list));
}

// The tools' input types, for an adapter that types its calls with them (an open input has none).
function inputTypeImports(model: Planned, from: string): ImportPlan[] {
  const inputs = [
    ...new Set(model.tools.flatMap((t) => (t.inputKind === 'object' ? [t.inputType] : []))),
  ].sort();
  return inputs.length ? [plan(from, model.files.types, inputs, { typeOnly: true })] : [];
}

// index.ts re-exports the agent files after everything else; schemas.ts has its own imports.
export function withAgentModules(
  named: Omit<ClientModel, 'modules'>,
  plans: ModulePlans,
): ModulePlans {
  const index = named.files.index;
  return {
    ...plans,
    [index]: [...(plans[index] ?? []), ...agentIndexExports(named)],
    ...agentModules(named),
  };
}
