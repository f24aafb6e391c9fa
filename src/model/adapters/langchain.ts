import type { ImportPlan } from '../types.js';
import { importOf, inputTypeImports, packageImport, toolFileImports } from './imports.js';
import { schemaObjectsModule } from './plan.js';
import type { AdapterPlan } from './types.js';

/**
 * The plan half of config `agents.langchain` (printed by src/emit/agents/langchain-file.ts):
 * langchain.ts with `langchainTools(client)`, LangChain.js tools over the Standard Schema objects
 * (for their JSON Schema) and the tool functions. The only file that imports `@langchain/core`.
 */
export const langchainPlan: AdapterPlan = {
  key: 'langchain',
  files: { langchain: 'langchain.ts' },
  reserved: ['langchainTools', 'DynamicStructuredTool', 'ToolSchemaBase'],
  modules(model, adapter) {
    const file = adapter.files.langchain!;
    const client = importOf(file, model.files.runtime, ['McpClientLike'], { typeOnly: true });
    const tools = adapter.offered;
    // No tools: `langchainTools` returns `{}` and imports only its parameter's type (an unused import breaks `noUnusedLocals`).
    if (tools.length === 0) return { [file]: [client] };
    const imports: ImportPlan[] = [
      packageImport('@langchain/core/tools', ['DynamicStructuredTool', ['ToolSchemaBase', 'type']]),
      client,
      importOf(
        file,
        schemaObjectsModule(model).file,
        tools.map((t) => t.schemaObjects!.input),
      ),
      ...toolFileImports(tools, file, (t) => [t.functionName, [t.resultType, 'type']]),
      ...inputTypeImports(model, tools, file),
    ];
    return { [file]: imports };
  },
  aggregate: {
    files: { langchain: 'langchain.ts' },
    serverModule: 'langchain',
    reserved: ['langchainTools', 'DynamicStructuredTool'],
  },
};
