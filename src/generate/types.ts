/**
 * The types the orchestration's files share, below all of them: the options and result of
 * `generate`, and the stage timer that reading, rendering and writing report to.
 */
import type { ResolvedConfig } from '../config/types.js';
import type { DiscoverAuth } from '../discover/auth/options.js';
import type { Environment, TextOutput } from '../shared/host.js';

/** `load` is loading the emit stack (json-schema-to-typescript, prettier), which a cached run skips. */
export type Stage = 'read' | 'discover' | 'cache' | 'load' | 'model' | 'emit' | 'format' | 'write';

export interface GenerateOptions {
  config: ResolvedConfig;
  /** Compare with what is on disk instead of writing. */
  check?: boolean;
  /** Never contact a server: live sources generate from their committed snapshot file. */
  offline?: boolean;
  /** Only these servers (by name); all when absent. */
  only?: string[];
  /** Progress lines (discovery, per-server summaries). */
  log?: (line: string) => void;
  /** Warnings: generation went on, but the user should look. */
  warn?: (line: string) => void;
  /** Environment for discovery (`${NAME}` in headers and env). */
  env?: Environment;
  /** Where discovery reports progress; defaults to nothing. */
  progress?: TextOutput;
  /**
   * Reuse the output of an earlier run for an unchanged catalog (default true): see output-cache.ts.
   * The folder defaults to `node_modules/.cache/mcp-codegen` (the config's `cache.dir` overrides it).
   * False also keeps `check` from answering by the manifest's hashes: everything is generated.
   */
  cache?: boolean;
  /** A url source's authentication: whether a login may be done in the browser now (default: exit 4). */
  auth?: DiscoverAuth;
}

export interface GeneratedFile {
  /** Relative to the config root, `/`-separated: stable across machines. */
  path: string;
  /**
   * `obsolete` (with `check`): ours, by the folder's manifest or our header, but no longer
   * generated; `removed`: such a file, deleted by this run.
   */
  status: 'written' | 'unchanged' | 'stale' | 'missing' | 'obsolete' | 'removed';
}

export interface GenerateResult {
  files: GeneratedFile[];
  /** Files `--check` found out of date, missing, or obsolete. */
  stale: GeneratedFile[];
  /** Milliseconds per stage, summed over servers. */
  timings: Record<Stage, number>;
  /** Servers whose output came from the cache. */
  cached: string[];
  /**
   * Servers (and `aggregate <name>`) that `check` answered from their output folder's manifest, by
   * hash, without generating.
   */
  byManifest: string[];
  /**
   * With `check` and `offline`: one line per live server whose committed snapshot was taken as
   * another client than its `discovery.capabilities` declare (`--check` then fails). Without
   * `check` the same line is a warning.
   */
  mismatched: string[];
}

/** Runs `work`, adding its time to `stage`. */
export type Timer = <T>(stage: Stage, work: () => Promise<T> | T) => Promise<T>;
