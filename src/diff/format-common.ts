import type { Finding, Level } from './types.js';

/** Findings grouped by entity, in report order (the findings are already sorted). */
export function byEntity<F extends Pick<Finding, 'entity'>>(
  findings: readonly F[],
): Array<{ entity: string; findings: F[] }> {
  const groups: Array<{ entity: string; findings: F[] }> = [];
  for (const f of findings) {
    const last = groups[groups.length - 1];
    if (last && last.entity === f.entity) last.findings.push(f);
    else groups.push({ entity: f.entity, findings: [f] });
  }
  return groups;
}

export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 || word === 'info' ? '' : 's'}`;
}

/** `1 error, 2 warnings, 0 info; 1 ignored by policy`: for a diff or a lint report. */
export function summaryLine(report: {
  summary: Record<Level, number>;
  suppressed: readonly unknown[];
}): string {
  const { error, warning, info } = report.summary;
  const suppressed = report.suppressed.length
    ? `; ${report.suppressed.length} ignored by policy`
    : '';
  return `${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(info, 'info')}${suppressed}`;
}

export const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'info'];
