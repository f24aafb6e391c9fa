import type { DiffReport, Finding, Level } from './types.js';

/** Findings grouped by entity, in report order (the findings are already sorted). */
export function byEntity<F extends Pick<Finding, 'entity'>>(findings: readonly F[]): Array<{ entity: string; findings: F[] }> {
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

export function summaryLine(report: DiffReport): string {
  const { error, warning, info } = report.summary;
  const suppressed = report.suppressed.length ? `; ${report.suppressed.length} ignored by policy` : '';
  return `${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(info, 'info')}${suppressed}`;
}

/** C0/C1 control characters (ESC included) shown as \u escapes: server text must not drive a terminal or a CI log. */
export function visible(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'info'];
