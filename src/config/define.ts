import type { McpCodegenConfig } from './types.js';

/** Identity at run time; gives `mcp-codegen.config.ts` type checking and completion. */
export function defineConfig(config: McpCodegenConfig): McpCodegenConfig {
  return config;
}
