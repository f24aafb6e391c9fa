import { escapeHidden } from '../shared/hidden-text.js';
import { summaryLine } from './format-common.js';
import { type ImpactFields, impactLine } from './format-impact.js';
import type { DiffReport, Finding, Level } from './types.js';

const COMMAND: Record<Level, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * GitHub Actions workflow commands, one annotation per finding. Escaping as the runner requires:
 * in the message `%`, CR and LF; in properties also `:` and `,`. Without it a server-provided
 * newline could start a new workflow command.
 */
export function formatGithub(report: DiffReport): string {
  return renderGithub(
    'diff',
    report.findings,
    `${report.base} → ${report.head}: ${summaryLine(report)}`,
  );
}

/** One annotation per finding of `mcp-codegen <command>`, then a plain line (not a command) so the log also shows the totals. */
export function renderGithub(
  command: string,
  findings: ReadonlyArray<Pick<Finding, 'id' | 'level' | 'entity' | 'message'> & ImpactFields>,
  totals: string,
): string {
  const lines = findings.flatMap((f) => {
    const title = `mcp-codegen ${command}: ${f.id} (${escapeHidden(f.entity)})`;
    const message = [f.message, impactLine(f)].filter(Boolean).join('\n');
    // With --impact, each call site is annotated too: the line in the user's code it breaks.
    const sites = (f.impact?.sites ?? []).map(
      (s) =>
        `::${COMMAND[f.level]} file=${escapeProperty(s.file)},line=${s.line},col=${s.column},title=${escapeProperty(title)}::${escapeData(escapeHidden(`${s.evidence}: ${f.message}`))}`,
    );
    return [
      `::${COMMAND[f.level]} title=${escapeProperty(title)}::${escapeData(escapeHidden(message))}`,
      ...sites,
    ];
  });
  lines.push(`mcp-codegen ${command} ${escapeData(escapeHidden(totals))}`);
  return `${lines.join('\n')}\n`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
