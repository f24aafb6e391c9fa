export { createProgressReporter, type DiscoverProgress } from './progress.js';
export { parseCommandLine } from './command-line.js';
export { interpolateEnv } from './env.js';
