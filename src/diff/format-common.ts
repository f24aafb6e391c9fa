import { escapeHidden } from '../lint/text.js';
import type { DiffReport, Finding, Level } from './types.js';

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

/**
 * C0/C1 control characters (ESC included) and hidden characters (zero-width, bidi controls, tag
 * characters) shown as \u escapes: server text must not drive a terminal or a CI log, nor carry
 * text a reader cannot see.
 */
export function visible(text: string): string {
  return escapeHidden(text).replace(
    /[\u0000-\u001f\u007f-\u009f]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export const LEVEL_ORDER: readonly Level[] = ['error', 'warning', 'info'];
