import type { JsonValue } from '../snapshot/types.js';

/** How bad a change is for existing clients: `error` breaks them, `warning` may, `info` does not. */
export type Level = 'error' | 'warning' | 'info';
export const LEVELS: readonly Level[] = ['error', 'warning', 'info'];

/** Higher is more severe; used for --fail-on and for policy checks. */
export function severity(level: Level): number {
  return level === 'error' ? 3 : level === 'warning' ? 2 : 1;
}

/**
 * What every reported finding has, in diff and lint reports. `entity` is `tool:<name>`,
 * `resource:<uri>`, `resource-template:<uriTemplate>`, `prompt:<name>` or `server`. `pointer` is an
 * RFC 6901 pointer into that entity (the tool object, the prompt object, ...; for `server`, the
 * snapshot root), so it is stable when lists are reordered.
 */
export interface ReportedFinding {
  id: string;
  level: Level;
  entity: string;
  pointer: string;
  /** Server text in it is quoted with hidden characters escaped (`\u200b`), never raw. */
  message: string;
  /** sha256 over what was found (not the message, not the level): stable across wording and policy changes. */
  fingerprint: string;
}

/**
 * What changed, in which entity. `before`/`after` are the values it compares, `null` when absent;
 * the fingerprint is over id, entity, pointer, before and after.
 */
export interface Finding extends ReportedFinding {
  before: JsonValue;
  after: JsonValue;
}

/** A finding a policy's ignore entry removed from the report, kept so the report can say what it hides. */
export interface SuppressedFinding {
  id: string;
  entity: string;
  pointer: string;
  fingerprint: string;
  reason: string;
}

/** What a diff and a lint report have besides their labels: counts, findings, what the policy hid. */
export interface ReportBody<F extends ReportedFinding> {
  summary: Record<Level, number>;
  /** Sorted by entity (server, tools, resources, templates, prompts; then by key), pointer, id. */
  findings: F[];
  /** Findings dropped by an ignore entry of the policy, with its reason. Rules turned `off` are not listed. */
  suppressed: SuppressedFinding[];
}

export const REPORT_FORMAT = 'mcp-codegen/diff';
export const REPORT_VERSION = 1;

/** A `--format json` report: `format` names the command's report, fields are only ever added within a `version`. */
export interface Report<Format extends string, F extends ReportedFinding> extends ReportBody<F> {
  format: Format;
  version: 1;
}

export interface DiffReport extends Report<typeof REPORT_FORMAT, Finding> {
  /** Labels of the compared snapshots (file paths or `rev:path` as given). */
  base: string;
  head: string;
}
