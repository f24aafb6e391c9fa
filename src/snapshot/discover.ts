import type { LiveSource } from '../config/types.js';
import { useCatalog, type CallTool, type DiscoverOptions } from '../discover/discover.js';
import { parseSnapshot } from './read.js';
import type { Snapshot } from './types.js';
import { readUiResources } from './ui-resources.js';

export interface SnapshotDiscoverOptions extends DiscoverOptions {
  /** Keep each UI resource's content in the snapshot (`discovery.uiHtml`); default only its hash and size. */
  uiHtml?: boolean;
}

/**
 * Connect to a live server and list everything it declares, as a snapshot: the lists go through
 * the same reader as a snapshot file, so a discovered snapshot and a read one are the same thing.
 * Then, on the same session, every `ui://` resource a tool names is read (`uiResources`).
 */
export async function discover(
  source: LiveSource,
  options: SnapshotDiscoverOptions,
): Promise<Snapshot> {
  const warnings: string[] = [];
  const snapshot = await useCatalog(source, options, parseSnapshot, async (snapshot, session) => {
    const counts = await readUiResources(snapshot, session.readResource, {
      uiHtml: options.uiHtml === true,
      server: session.server,
      warn: (line) => warnings.push(line),
    });
    if (counts.read + counts.failed > 0)
      options.onProgress?.({ type: 'ui-resources', server: session.server, ...counts });
    return snapshot;
  });
  // After discovery is done: a warning must not be written over the progress line.
  for (const line of warnings) options.onWarning?.(line);
  return snapshot;
}

/**
 * As `discover`, then `use` with the snapshot and the same session's `tools/call` before it is
 * closed (`mcp-codegen sample`): the tools listed decide what may be called. UI resources are not
 * read: sampling needs only the tools.
 */
export function discoverAndUse<R>(
  source: LiveSource,
  options: DiscoverOptions,
  use: (snapshot: Snapshot, callTool: CallTool) => Promise<R>,
): Promise<R> {
  return useCatalog(source, options, parseSnapshot, (snapshot, session) =>
    use(snapshot, session.callTool),
  );
}
