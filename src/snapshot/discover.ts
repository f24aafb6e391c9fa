import type { LiveSource } from '../config/types.js';
import {
  discoverCatalog,
  useCatalog,
  type CallTool,
  type DiscoverOptions,
} from '../discover/discover.js';
import { parseSnapshot } from './read.js';
import type { Snapshot } from './types.js';

/**
 * Connect to a live server and list everything it declares, as a snapshot: the lists go through
 * the same reader as a snapshot file, so a discovered snapshot and a read one are the same thing.
 */
export function discover(source: LiveSource, options: DiscoverOptions): Promise<Snapshot> {
  return discoverCatalog(source, options, parseSnapshot);
}

/**
 * As `discover`, then `use` with the snapshot and the same session's `tools/call` before it is
 * closed (`mcp-codegen sample`): the tools listed decide what may be called.
 */
export function discoverAndUse<R>(
  source: LiveSource,
  options: DiscoverOptions,
  use: (snapshot: Snapshot, callTool: CallTool) => Promise<R>,
): Promise<R> {
  return useCatalog(source, options, parseSnapshot, use);
}
