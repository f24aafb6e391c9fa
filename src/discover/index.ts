export { discoverCatalog, labelOf, DEFAULT_MAX_PAGES, DEFAULT_TIMEOUT_MS, type CatalogReader, type DiscoverOptions } from './discover.js';
export { createProgressReporter, type DiscoverProgress, type ListMethod, type TransportKind } from './progress.js';
export { parseCommandLine, type CommandLine } from './command-line.js';
export { interpolateEnv } from './env.js';
