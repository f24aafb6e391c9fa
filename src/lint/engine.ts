import type { LintPolicy } from '../config/types.js';
import { compareEntities } from '../diff/entities.js';
import { settleFindings } from '../diff/settle.js';
import type { Snapshot } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import type { LintContext } from './context.js';
import { checkContracts } from './contracts.js';
import { checkDescriptions } from './descriptions.js';
import { LintFindings } from './findings.js';
import { checkNames } from './names.js';
import { validateLintPolicy } from './policy.js';
import { checkResources } from './resources.js';
import {
  DEFAULT_DESCRIPTION_BUDGET,
  DEFAULT_DESCRIPTION_COVERAGE,
  DEFAULT_MAX_TOOLS,
  type Family,
  FAMILIES,
} from './rules.js';
import { checkSecurity } from './security.js';
import {
  LINT_REPORT_FORMAT,
  LINT_REPORT_VERSION,
  type LintFinding,
  type LintReport,
} from './types.js';

const CHECKS: Record<Family, (ctx: LintContext) => void> = {
  names: checkNames,
  descriptions: checkDescriptions,
  contracts: checkContracts,
  security: checkSecurity,
  resources: checkResources,
};

export interface LintOptions {
  /** Levels, ignores and thresholds; validated (unknown rule ids are an error). */
  policy?: LintPolicy;
  /** Only these rule families (all when absent): `generate` runs `security`. */
  families?: readonly Family[];
  /** The snapshot's label in the report (a path, `rev:path`); default "snapshot". */
  label?: string;
  /** Tools whose result shape was sampled (the server's shapes file): `output-schema-missing` says so. */
  sampled?: ReadonlySet<string>;
}

/**
 * Check one catalog against the rules. Pure: no I/O, no exit codes; the same catalog gives the
 * same report, byte for byte, whatever order the server listed things in.
 */
export function lintSnapshot(snapshot: Snapshot, options: LintOptions = {}): LintReport {
  const policy = validateLintPolicy(options.policy);
  const out = new LintFindings();
  const ctx: LintContext = {
    snapshot,
    out,
    descriptionBudget: policy.descriptionBudget ?? DEFAULT_DESCRIPTION_BUDGET,
    maxTools: policy.maxTools ?? DEFAULT_MAX_TOOLS,
    descriptionCoverage: policy.descriptionCoverage ?? DEFAULT_DESCRIPTION_COVERAGE,
    sampled: options.sampled ?? new Set(),
  };
  for (const family of FAMILIES)
    if (!options.families || options.families.includes(family)) CHECKS[family](ctx);
  const { summary, findings, suppressed } = settleFindings(out.items, policy, compareLintFindings);
  return {
    format: LINT_REPORT_FORMAT,
    version: LINT_REPORT_VERSION,
    snapshot: options.label ?? 'snapshot',
    summary,
    findings,
    suppressed,
  };
}

/** Entity, then pointer, then rule id, then fingerprint (several findings of one rule at one pointer). */
export function compareLintFindings(a: LintFinding, b: LintFinding): number {
  return (
    compareEntities(a.entity, b.entity) ||
    compareStrings(a.pointer, b.pointer) ||
    compareStrings(a.id, b.id) ||
    compareStrings(a.fingerprint, b.fingerprint)
  );
}
