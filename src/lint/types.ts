import type { Level } from '../diff/types.js';

export type { Level };

/**
 * One problem in one entity. `entity` and `pointer` are as in diff findings: `tool:<name>`,
 * `resource:<uri>`, `resource-template:<uriTemplate>`, `prompt:<name>` or `server`, and an RFC 6901
 * pointer into that entity (for `server`, the snapshot root).
 */
export interface LintFinding {
  id: string;
  level: Level;
  entity: string;
  pointer: string;
  /** Server text in it is quoted with hidden characters escaped (`\u200b`), never raw. */
  message: string;
  /** sha256 over id, entity, pointer and what was found (not the message, not the level). */
  fingerprint: string;
}

export interface SuppressedLintFinding {
  id: string;
  entity: string;
  pointer: string;
  fingerprint: string;
  reason: string;
}

export const LINT_REPORT_FORMAT = 'mcp-codegen/lint';
export const LINT_REPORT_VERSION = 1;

/** The `--format json` output. Fields are only ever added within a version. */
export interface LintReport {
  format: typeof LINT_REPORT_FORMAT;
  version: typeof LINT_REPORT_VERSION;
  /** The linted snapshot's label (the path or `rev:path` as given). */
  snapshot: string;
  summary: Record<Level, number>;
  /** Sorted by entity (server, tools, resources, templates, prompts; then by key), pointer, id. */
  findings: LintFinding[];
  suppressed: SuppressedLintFinding[];
}
