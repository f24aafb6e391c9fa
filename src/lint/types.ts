import type { Level, Report, ReportedFinding } from '../diff/types.js';

export type { Level };

/**
 * One problem in one entity, with entity and pointer as in diff findings. The fingerprint is
 * sha256 over id, entity, pointer and what was found (not the message, not the level).
 */
export type LintFinding = ReportedFinding;

export const LINT_REPORT_FORMAT = 'mcp-codegen/lint';
export const LINT_REPORT_VERSION = 1;

export interface LintReport extends Report<typeof LINT_REPORT_FORMAT, LintFinding> {
  /** The linted snapshot's label (the path or `rev:path` as given). */
  snapshot: string;
}
