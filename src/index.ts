/**
 * The package entry, `import … from 'mcp-codegen'`. A user's `mcp-codegen.config.ts` imports
 * `defineConfig` from here, so this module loads nothing heavy: the config helper, the error
 * classes, types, and functions that load their stage only when called. The synchronous snapshot
 * and diff helpers have entries of their own: `mcp-codegen/snapshot` and `mcp-codegen/diff`.
 */
import type { SnapshotDiscoverOptions } from './snapshot/discover.js';
import type { GenerateOptions, GenerateResult } from './generate/types.js';
import type { LiveSource, ResolvedConfig } from './config/types.js';
import type { Snapshot } from './snapshot/types.js';

export { defineConfig } from './config/define.js';
export type * from './config/types.js';
export { CodegenError, ExitCode } from './shared/errors.js';
export type { GenerateOptions, GenerateResult, GeneratedFile, Stage } from './generate/types.js';
export type { DiscoverOptions } from './discover/discover.js';
export type { SnapshotDiscoverOptions } from './snapshot/discover.js';
export type { Snapshot } from './snapshot/types.js';

/** Generate (or with `check`, compare) every server's client: see the README. Never exits the process. */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  return (await import('./generate/generate.js')).generate(options);
}

/** Find and load `mcp-codegen.config.*` (or the file given), validated, paths resolved. */
export async function loadConfig(
  options: { file?: string; cwd?: string } = {},
): Promise<ResolvedConfig> {
  return (await import('./config/load.js')).loadConfig(options);
}

/**
 * Connect to a live server (or run what a registry server.json describes) and list everything it
 * declares, as a snapshot, declaring `options.capabilities`; the `ui://` resources its tools name
 * are read too (`uiHtml` keeps their content).
 */
export async function discover(
  source: LiveSource,
  options: SnapshotDiscoverOptions,
): Promise<Snapshot> {
  return (await import('./snapshot/discover.js')).discover(source, options);
}

/** Read a snapshot file leniently (a bare `tools/list` result is one). */
export async function readSnapshotFile(file: string): Promise<Snapshot> {
  return (await import('./snapshot/read.js')).readSnapshotFile(file);
}
