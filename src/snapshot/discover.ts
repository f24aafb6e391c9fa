import type { HttpSource, StdioSource } from '../config/types.js';
import { discoverCatalog, type DiscoverOptions } from '../discover/discover.js';
import { parseSnapshot } from './read.js';
import type { Snapshot } from './types.js';

/**
 * Connect to a live server and list everything it declares, as a snapshot: the lists go through
 * the same reader as a snapshot file, so a discovered snapshot and a read one are the same thing.
 */
export function discover(
  source: StdioSource | HttpSource,
  options: DiscoverOptions,
): Promise<Snapshot> {
  return discoverCatalog(source, options, parseSnapshot);
}
