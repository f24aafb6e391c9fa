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
  /** With `diff --impact`: where the user's project calls what this finding changed. */
  impact?: Impact;
  /** With `--downgrade-unused`: the level before it was lowered (`level` is then `warning`). */
  originalLevel?: Level;
  /** Why the level was lowered, said with `originalLevel`. */
  downgradeReason?: string;
}

/** A reference in the user's project to a tool's generated function or client method. */
export interface ImpactSite {
  /** Relative to the project root (the tsconfig's folder), with `/`. */
  file: string;
  line: number;
  column: number;
  via: 'function' | 'method';
  /** What is there, e.g. `passes "days"`; starts with `cannot tell:` where the reference cannot be resolved. */
  evidence: string;
}

/**
 * `used`: a site this change reaches; `unused`: none (the tool is not referenced, or every call is a
 * literal the change does not touch); `unknown`: a site that cannot be resolved, or a project that
 * could not be read whole.
 */
export interface Impact {
  status: 'used' | 'unused' | 'unknown';
  sites: ImpactSite[];
  /** Why the status is `unknown` when no site says it (the project did not load whole). */
  reason?: string;
}

/** What `--impact` read: the project, the generated client it traced, and what it could not read. */
export interface ImpactScope {
  project: string;
  client: string;
  /** Source files analysed (the generated client's own files excluded). */
  files: number;
  /** Problems that make `unused` unprovable; every finding is then `unknown` at most. */
  problems: string[];
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
  /** Set by `diff --impact` only. */
  impact?: ImpactScope;
}
