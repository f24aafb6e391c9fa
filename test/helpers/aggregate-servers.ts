import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { repoRoot } from './paths.js';
import type { AgentSwitches, ServerConfig } from '../../src/config/types.js';
import { fixtureArgs, fixtureCommand } from './servers.js';

const serverArgs = (role: string, flags: readonly string[]) => [
  ...fixtureArgs('aggregate'),
  role,
  ...flags,
];

/** A connected SDK v1 client to one role of fixtures/servers/aggregate.ts (`flags`: e.g. `--drifting`). */
export async function connectRole(role: string, ...flags: string[]): Promise<Client> {
  const mcp = new Client({ name: `aggregate-test-${role}`, version: '0.0.0' });
  const args = serverArgs(role, flags);
  await mcp.connect(new StdioClientTransport({ command: process.execPath, args, cwd: repoRoot }));
  return mcp;
}

/** The same over SDK v2's `Client`. */
export async function connectRoleV2(role: string, ...flags: string[]): Promise<ClientV2> {
  const mcp = new ClientV2({ name: `aggregate-test-${role}`, version: '0.0.0' });
  const args = serverArgs(role, flags);
  await mcp.connect(new StdioClientTransportV2({ command: process.execPath, args, cwd: repoRoot }));
  return mcp;
}

/**
 * The config of each role as a server discovered live over stdio: its snapshot under mcp/ and its
 * client under g/, both relative to the config's root, with the agent switches given.
 */
export function roleServers(roles: readonly string[], agents?: AgentSwitches): ServerConfig[] {
  return roles.map((name) => ({
    name,
    source: { stdio: fixtureCommand('aggregate', name) },
    snapshot: `mcp/${name}.snapshot.json`,
    out: `g/${name}`,
    ...(agents ? { agents } : {}),
  }));
}
