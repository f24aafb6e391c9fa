import { byEntity, LEVEL_ORDER, plural, visible } from '../diff/format-common.js';
import { escapeData, escapeProperty } from '../diff/format-github.js';
import { escapeMarkdown } from '../diff/format-markdown.js';
import { formatSarif } from '../diff/format-sarif.js';
import { LINT_RULES } from './rules.js';
import { subjectOf } from './context.js';
import { escapeHidden, escapeJsonText } from './text.js';
import type { Level, LintFinding, LintReport } from './types.js';

/**
 * The lint report in diff's formats. Entity ids, pointers and messages carry server text: every
 * format escapes hidden characters (`\u200b`) on top of its own escaping, so a report never
 * carries the payload it warns about.
 */
const safe = (text: string) => visible(escapeHidden(text));

export function lintSummaryLine(report: LintReport): string {
  const { error, warning, info } = report.summary;
  const suppressed = report.suppressed.length ? `; ${report.suppressed.length} ignored by policy` : '';
  return `${plural(error, 'error')}, ${plural(warning, 'warning')}, ${plural(info, 'info')}${suppressed}`;
}

/** The documented, versioned report; hidden characters are written as JSON escapes (same value, safe text). */
export function formatLintJson(report: LintReport): string {
  return `${escapeJsonText(JSON.stringify(report, null, 2))}\n`;
}

const CODES = { red: [31, 39], yellow: [33, 39], cyan: [36, 39], dim: [2, 22], bold: [1, 22] } as const;
type Style = keyof typeof CODES;

/** Human output: one block per entity, one line per finding, then the counts. */
export function formatLintText(report: LintReport, options: { color?: boolean } = {}): string {
  const paint = (style: Style, text: string) => (options.color ? `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : text);
  const levelStyle: Record<Level, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };
  const lines = [`mcp-codegen lint ${safe(report.snapshot)}`];
  if (report.findings.length === 0) lines.push('', 'No findings.');
  for (const group of byEntity(report.findings)) {
    lines.push('', paint('bold', safe(group.entity)));
    for (const f of group.findings) {
      lines.push(`  ${paint(levelStyle[f.level], f.level.padEnd(7))} ${safe(f.message)}`);
      lines.push(`          ${paint('dim', `${f.id}${f.pointer ? ` at ${safe(f.pointer)}` : ''}`)}`);
    }
  }
  if (report.suppressed.length) {
    lines.push('', paint('dim', 'Ignored by policy:'));
    for (const s of report.suppressed) lines.push(paint('dim', `  ${s.id} ${safe(s.entity)}${s.pointer ? ` at ${safe(s.pointer)}` : ''}: ${safe(s.reason)}`));
  }
  lines.push('', lintSummaryLine(report));
  return `${lines.join('\n')}\n`;
}

const ICON: Record<Level, string> = { error: '🔴', warning: '🟠', info: '🔵' };

/** A pull-request comment: counts per level, one section per entity, info collapsed; server text escaped. */
export function formatLintMarkdown(report: LintReport): string {
  const md = (text: string) => escapeMarkdown(escapeHidden(text));
  const item = (f: LintFinding) => `- ${ICON[f.level]} **${f.level}** \`${f.id}\` ${md(f.message)}`;
  const out = [`### mcp-codegen lint: ${md(report.snapshot)}`, '', '| level | findings |', '| --- | ---: |'];
  for (const level of LEVEL_ORDER) out.push(`| ${ICON[level]} ${level} | ${report.summary[level]} |`);
  if (report.suppressed.length) out.push(`| ignored by policy | ${report.suppressed.length} |`);
  out.push('');
  if (report.findings.length === 0) out.push('No findings.', '');
  for (const group of byEntity(report.findings)) {
    out.push(`#### ${md(subjectOf(group.entity))}`, '');
    const loud = group.findings.filter((f) => f.level !== 'info');
    const quiet = group.findings.filter((f) => f.level === 'info');
    for (const f of loud) out.push(item(f));
    if (quiet.length) {
      if (loud.length) out.push('');
      out.push(`<details><summary>${plural(quiet.length, 'info')} finding${quiet.length === 1 ? '' : 's'}</summary>`, '', ...quiet.map(item), '', '</details>');
    }
    out.push('');
  }
  if (report.suppressed.length) {
    out.push('<details><summary>Ignored by policy</summary>', '');
    for (const s of report.suppressed) out.push(`- \`${s.id}\` ${md(s.entity)}: ${md(s.reason)}`);
    out.push('', '</details>', '');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

const COMMAND: Record<Level, string> = { error: 'error', warning: 'warning', info: 'notice' };

/** GitHub Actions workflow commands, one annotation per finding, escaped as the runner requires. */
export function formatLintGithub(report: LintReport): string {
  const lines = report.findings.map((f) => `::${COMMAND[f.level]} title=${escapeProperty(`mcp-codegen lint: ${f.id} (${escapeHidden(f.entity)})`)}::${escapeData(escapeHidden(f.message))}`);
  lines.push(`mcp-codegen lint ${escapeData(escapeHidden(report.snapshot))}: ${lintSummaryLine(report)}`);
  return `${lines.join('\n')}\n`;
}

/** SARIF 2.1.0 for code scanning, through the writer diff uses; `text` (the snapshot's) gives each result its line. */
export function formatLintSarif(report: LintReport, text?: string): string {
  return formatSarif({ command: 'lint', rules: LINT_RULES, artifact: report.snapshot, findings: report.findings, suppressed: report.suppressed, text });
}
