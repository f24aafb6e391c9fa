import { type DiffReport, LEVELS } from '../diff/types.js';

/**
 * `--downgrade-unused`: an `error` no site of the project reaches becomes a `warning`, with its
 * `originalLevel` and why. Never for `unknown`: a reference that cannot be resolved may be a call.
 * The counts follow, and so does the exit code, which is computed from the levels.
 */
export function downgradeUnused(report: DiffReport): DiffReport {
  const findings = report.findings.map((f) =>
    f.level === 'error' && f.impact?.status === 'unused'
      ? {
          ...f,
          level: 'warning' as const,
          originalLevel: f.level,
          downgradeReason: `--downgrade-unused: no code in ${report.impact?.project ?? 'the project'} reaches it (other consumers of a published client may)`,
        }
      : f,
  );
  const summary = Object.fromEntries(
    LEVELS.map((level) => [level, findings.filter((f) => f.level === level).length]),
  ) as DiffReport['summary'];
  return { ...report, summary, findings };
}
