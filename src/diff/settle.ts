import type { DiffPolicy } from '../config/types.js';
import { compareStrings } from '../shared/compare.js';
import { compareEntities } from './entities.js';
import { applyPolicy } from './policy.js';
import { LEVELS, type ReportBody, type ReportedFinding } from './types.js';

/**
 * The findings an engine collected, made into a report body: one finding per fingerprint (union
 * trials, or two tools with one name, can reach the same one twice), the policy's levels and
 * ignores applied, sorted with `order`, and counted per level. Shared by diff and lint.
 */
export function settleFindings<F extends ReportedFinding>(
  items: F[],
  policy: DiffPolicy,
  order: (a: F, b: F) => number,
): ReportBody<F> {
  const seen = new Set<string>();
  const unique = items.filter(
    (f) => !seen.has(f.fingerprint) && seen.add(f.fingerprint) !== undefined,
  );
  const { findings, suppressed } = applyPolicy(unique, policy);
  findings.sort(order);
  suppressed.sort(
    (a, b) =>
      compareEntities(a.entity, b.entity) ||
      compareStrings(a.pointer, b.pointer) ||
      compareStrings(a.id, b.id) ||
      compareStrings(a.fingerprint, b.fingerprint),
  );
  const summary = Object.fromEntries(
    LEVELS.map((level) => [level, findings.filter((f) => f.level === level).length]),
  ) as ReportBody<F>['summary'];
  return { summary, findings, suppressed };
}
