/** The library API: the CLI is a thin adapter over these. */
export { defineConfig } from './config/define.js';
export type * from './config/types.js';
export { loadConfig } from './config/load.js';
export { generate, type GenerateOptions, type GenerateResult, type GeneratedFile, type Stage } from './generate.js';
export { readSnapshotFile, parseSnapshot, serializeSnapshot, type Snapshot } from './snapshot/index.js';
export { CodegenError, ExitCode } from './errors.js';
export { discover, type DiscoverOptions } from './discover/index.js';
export {
  diffSnapshots,
  formatGithub,
  formatJson,
  formatMarkdown,
  formatText,
  RULES,
  type DiffOptions,
  type DiffReport,
  type Finding,
  type Level,
} from './diff/index.js';
