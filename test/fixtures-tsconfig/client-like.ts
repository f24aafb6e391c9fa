// Compiled by test/runtime-tsc.test.ts under both strict configs (and by the repo tsconfig):
// the SDK v1 and v2 Clients must satisfy McpClientLike, so generated clients accept either as is.
import type { Client as ClientV2 } from '@modelcontextprotocol/client';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpClientLike } from '../../templates/runtime.js';

export function acceptsSdkClient(client: Client): McpClientLike {
  return client;
}

export function acceptsSdkV2Client(client: ClientV2): McpClientLike {
  return client;
}

// A minimal hand-written client: only callTool is required.
export const minimal: McpClientLike = {
  callTool: async () => ({ content: [] }),
};
