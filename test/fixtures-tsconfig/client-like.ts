// Compiled by test/runtime-tsc.test.ts under both strict configs (and by the repo tsconfig):
// the SDK v1 Client must satisfy McpClientLike, so generated clients accept it as is.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpClientLike } from '../../templates/runtime.js';

export function acceptsSdkClient(client: Client): McpClientLike {
  return client;
}

// A minimal hand-written client: only callTool is required.
export const minimal: McpClientLike = {
  callTool: async () => ({ content: [] }),
};
