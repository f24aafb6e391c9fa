import { summaryLine } from '../diff/format-common.js';
import { escapeJsonText, visible } from '../shared/hidden-text.js';
import { renderGithub } from '../diff/format-github.js';
import { escapeMarkdown, renderMarkdown } from '../diff/format-markdown.js';
import { formatSarif } from '../diff/format-sarif.js';
import { renderText, type TextOptions } from '../diff/format-text.js';
import { LINT_RULES } from './rules.js';
import type { LintReport } from './types.js';

/**
 * The lint report in diff's formats, through diff's renderers: the same layout, and the same
 * escaping of server text (control and hidden characters as `\u` escapes, markdown and workflow
 * command escaping), so a report never carries the payload it warns about.
 */
export function formatLintText(report: LintReport, options: TextOptions = {}): string {
  return renderText(
    { ...report, title: `mcp-codegen lint ${visible(report.snapshot)}`, empty: 'No findings.' },
    options,
  );
}

export function formatLintMarkdown(report: LintReport): string {
  return renderMarkdown({
    ...report,
    title: `mcp-codegen lint: ${escapeMarkdown(report.snapshot)}`,
    empty: 'No findings.',
  });
}

export function formatLintGithub(report: LintReport): string {
  return renderGithub('lint', report.findings, `${report.snapshot}: ${summaryLine(report)}`);
}

/** The documented, versioned report; hidden characters are written as JSON escapes (same value, safe text). */
export function formatLintJson(report: LintReport): string {
  return `${escapeJsonText(JSON.stringify(report, null, 2))}\n`;
}

/** SARIF 2.1.0 for code scanning, through the writer diff uses; `text` (the snapshot's) gives each result its line. */
export function formatLintSarif(report: LintReport, text?: string): string {
  return formatSarif({
    command: 'lint',
    rules: LINT_RULES,
    artifact: report.snapshot,
    report,
    text,
  });
}
