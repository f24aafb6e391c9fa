import type { ServerConfig } from '../config/types.js';
import type { JsonValue } from '../shared/json.js';
import { sortKeys } from '../snapshot/write.js';

/**
 * For a live server generated offline, from its committed snapshot: a message when the snapshot
 * was taken as another client than the config declares (`discovery.capabilities` against the
 * snapshot's `clientCapabilities`, absent being none on both sides), else undefined. Servers show
 * some tools only to some clients, so such a snapshot may lack tools the app's client sees.
 * The text is parsed only when it mentions `clientCapabilities`: an unchanged `--check` stays cheap.
 */
export function clientCapabilitiesMismatch(
  server: ServerConfig,
  snapshotText: string,
  shownFile: string,
): string | undefined {
  if ('snapshot' in server.source) return undefined;
  const declared = canonical(server.discovery?.capabilities ?? {});
  let recorded = '{}';
  if (snapshotText.includes('"clientCapabilities"')) {
    try {
      const root = JSON.parse(snapshotText) as { clientCapabilities?: JsonValue };
      recorded = canonical(root.clientCapabilities ?? {});
    } catch {
      // Not JSON: reading it for generation says so, with the line and column.
      return undefined;
    }
  }
  if (declared === recorded) return undefined;
  return `${shownFile} was taken as another client: it records clientCapabilities ${recorded}, the config declares discovery.capabilities ${declared}; servers show some tools only to some clients, so rediscover it: \`mcp-codegen generate\` (without --offline) or \`mcp-codegen snapshot --capabilities '${declared}'\``;
}

function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value as JsonValue));
}
