import type { ImportPlan } from '../types.js';
import { importOf, packageImport, schemaObjectNames, toolFileImports } from './imports.js';
import { schemaObjectsModule } from './plan.js';
import type { AdapterPlan } from './types.js';

/**
 * The plan half of config `agents.mastra` (printed by src/emit/agents/mastra-file.ts): mastra.ts with
 * `mastraTools(client)`, Mastra's `createTool` over the Standard Schema objects and the tool
 * functions, and `ToolCallError` for the tools with an output schema. The only file that imports
 * `@mastra/core`.
 */
export const mastraPlan: AdapterPlan = {
  key: 'mastra',
  files: { mastra: 'mastra.ts' },
  reserved: ['mastraTools', 'createTool'],
  modules(model, adapter) {
    const file = adapter.files.mastra!;
    const tools = adapter.offered;
    if (tools.length === 0)
      return { [file]: [importOf(file, model.files.runtime, [['McpClientLike', 'type']])] };
    const imports: ImportPlan[] = [
      packageImport('@mastra/core/tools', ['createTool']),
      // ToolCallError is thrown only by the tools with an output schema (mastra-file.ts `toolValue`).
      importOf(file, model.files.runtime, [
        ['McpClientLike', 'type'],
        ...(tools.some((t) => t.schemaObjects?.output) ? ['ToolCallError'] : []),
      ]),
      importOf(file, schemaObjectsModule(model).file, schemaObjectNames(tools)),
      ...toolFileImports(tools, file, (t) => [t.functionName]),
    ];
    return { [file]: imports };
  },
  aggregate: {
    files: { mastra: 'mastra.ts' },
    serverModule: 'mastra',
    reserved: ['mastraTools', 'Tool', 'ToolExecutionContext'],
  },
};
