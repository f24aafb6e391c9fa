import { summaryLine } from './format-common.js';
import type { DiffReport, Level } from './types.js';

const COMMAND: Record<Level, string> = { error: 'error', warning: 'warning', info: 'notice' };

/**
 * GitHub Actions workflow commands, one annotation per finding. Escaping as the runner requires:
 * in the message `%`, CR and LF; in properties also `:` and `,`. Without it a server-provided
 * newline could start a new workflow command.
 */
export function formatGithub(report: DiffReport): string {
  const lines = report.findings.map((f) => {
    const title = `mcp-codegen diff: ${f.id} (${f.entity})`;
    return `::${COMMAND[f.level]} title=${escapeProperty(title)}::${escapeData(f.message)}`;
  });
  // A plain line (not a command) so the log also shows the totals.
  lines.push(`mcp-codegen diff ${escapeData(report.base)} → ${escapeData(report.head)}: ${summaryLine(report)}`);
  return `${lines.join('\n')}\n`;
}

export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
