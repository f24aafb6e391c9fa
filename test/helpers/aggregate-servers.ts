import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot } from './paths.js';

/** A connected SDK client to one role of fixtures/servers/aggregate.ts. */
export async function connectRole(role: string): Promise<Client> {
  const mcp = new Client({ name: `aggregate-test-${role}`, version: '0.0.0' });
  const args = ['--import', 'tsx', join(repoRoot, 'fixtures/servers/aggregate.ts'), role];
  await mcp.connect(new StdioClientTransport({ command: process.execPath, args, cwd: repoRoot }));
  return mcp;
}
