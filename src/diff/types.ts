import type { JsonValue } from '../snapshot/types.js';

/** How bad a change is for existing clients: `error` breaks them, `warning` may, `info` does not. */
export type Level = 'error' | 'warning' | 'info';
export const LEVELS: readonly Level[] = ['error', 'warning', 'info'];

/** Higher is more severe; used for --fail-on and for policy checks. */
export function severity(level: Level): number {
  return level === 'error' ? 3 : level === 'warning' ? 2 : 1;
}

/**
 * What changed, in which entity. `entity` is `tool:<name>`, `resource:<uri>`,
 * `resource-template:<uriTemplate>`, `prompt:<name>` or `server`. `pointer` is an RFC 6901 pointer
 * into that entity (the tool object, the prompt object, ...; for `server`, the snapshot root), so
 * it is stable when lists are reordered. `before`/`after` are the values it compares, `null` when absent.
 */
export interface Finding {
  id: string;
  level: Level;
  entity: string;
  pointer: string;
  before: JsonValue;
  after: JsonValue;
  message: string;
  /** sha256 over id, entity, pointer, before and after (not the message, not the level): stable across wording and policy changes. */
  fingerprint: string;
}

/** A finding a policy's ignore entry removed from the report, kept so the report can say what it hides. */
export interface SuppressedFinding {
  id: string;
  entity: string;
  pointer: string;
  fingerprint: string;
  reason: string;
}

export const REPORT_FORMAT = 'mcp-codegen/diff';
export const REPORT_VERSION = 1;

/** The `--format json` output. Fields are only ever added within a version. */
export interface DiffReport {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  /** Labels of the compared snapshots (file paths or `rev:path` as given). */
  base: string;
  head: string;
  summary: Record<Level, number>;
  /** Sorted by entity (server, tools, resources, templates, prompts; then by key), pointer, id. */
  findings: Finding[];
  /** Findings dropped by an ignore entry of the policy, with its reason. Rules turned `off` are not listed. */
  suppressed: SuppressedFinding[];
}
