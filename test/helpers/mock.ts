import { readFile, writeFile } from 'node:fs/promises';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { parseSnapshotText, serializeSnapshot, type Snapshot } from '../../src/snapshot/index.js';
import { bin, repoRoot } from './paths.js';

/** Node's arguments that run `mcp-codegen mock` from the compiled bin (run `npm run build` first). */
export function mockArgs(...args: string[]): string[] {
  return [bin, 'mock', ...args];
}

/** An SDK v1 client on a mock over stdio; its stderr is kept for messages. */
export async function connectMock(
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ client: Client; stderr: () => string; close(): Promise<void> }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: mockArgs(...args),
    cwd: options.cwd ?? repoRoot,
    stderr: 'pipe',
    ...(options.env && { env: { ...(process.env as Record<string, string>), ...options.env } }),
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const client = new Client({ name: 'mock-test', version: '0.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** An SDK v2 client on a mock over stdio, pinned to the 2026-07-28 era (or left to negotiate 2025). */
export async function connectMockV2(args: string[], era: 'legacy' | 'modern'): Promise<ClientV2> {
  const options = era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
  const client = new ClientV2({ name: 'mock-test', version: '0.0.0' }, options);
  await client.connect(
    new StdioClientTransportV2({
      command: process.execPath,
      args: mockArgs(...args),
      cwd: repoRoot,
    }),
  );
  if (client.getProtocolEra() !== era)
    throw new Error(`expected the ${era} era, the client negotiated ${client.getProtocolEra()}`);
  return client;
}

/**
 * A catalog as a canonical snapshot of one era, the form a server of that era can serve. A modern
 * one speaks 2026-07-28, and so carries nothing that revision deleted from the wire (a tool's
 * `execution`, the `tasks` capability: SDK v2's 2026 codec drops them from every result, as the
 * revision says a server must), so that is what the snapshot of a modern server holds. A bare
 * list (no handshake recorded) gets what every handshake carries: capabilities for its lists, and
 * the name the mock gives itself when the snapshot names no server.
 */
export async function snapshotOfEra(file: string, era: 'legacy' | 'modern'): Promise<string> {
  const snapshot: Snapshot = parseSnapshotText(await readFile(file, 'utf8'), file);
  snapshot.era = era;
  snapshot.serverInfo ??= { name: 'mcp-codegen-mock', version: '0.0.0' };
  snapshot.capabilities ??= {
    ...(snapshot.tools.length > 0 && { tools: {} }),
    ...((snapshot.resources.length > 0 || snapshot.resourceTemplates.length > 0) && {
      resources: {},
    }),
    ...(snapshot.prompts.length > 0 && { prompts: {} }),
  };
  if (era === 'modern') {
    snapshot.protocolVersion = '2026-07-28';
    for (const tool of snapshot.tools) delete tool.execution;
    if (snapshot.capabilities) delete snapshot.capabilities.tasks;
  } else snapshot.protocolVersion ??= '2025-11-25';
  return serializeSnapshot(snapshot);
}

export async function writeText(file: string, text: string): Promise<string> {
  await writeFile(file, text);
  return file;
}
