import { entitySubject } from './entities.js';
import { byEntity, LEVEL_ORDER, plural } from './format-common.js';
import type { DiffReport, Finding, Level } from './types.js';

const ICON: Record<Level, string> = { error: '🔴', warning: '🟠', info: '🔵' };

/**
 * A pull-request comment: counts per level, then one section per entity with errors and warnings
 * listed and info collapsed. Names, descriptions and messages come from the server and are
 * untrusted: they are escaped so they cannot inject markup, HTML, links or @-mentions.
 */
export function formatMarkdown(report: DiffReport): string {
  const out: string[] = [];
  out.push(`### mcp-codegen diff: ${escapeMarkdown(report.base)} → ${escapeMarkdown(report.head)}`, '');
  out.push('| level | findings |', '| --- | ---: |');
  for (const level of LEVEL_ORDER) out.push(`| ${ICON[level]} ${level} | ${report.summary[level]} |`);
  if (report.suppressed.length) out.push(`| ignored by policy | ${report.suppressed.length} |`);
  out.push('');
  if (report.findings.length === 0) out.push('No changes.', '');
  for (const group of byEntity(report.findings)) {
    out.push(`#### ${escapeMarkdown(entitySubject(group.entity))}`, '');
    const loud = group.findings.filter((f) => f.level !== 'info');
    const quiet = group.findings.filter((f) => f.level === 'info');
    for (const f of loud) out.push(item(f));
    if (quiet.length) {
      if (loud.length) out.push('');
      out.push(`<details><summary>${plural(quiet.length, 'info')} finding${quiet.length === 1 ? '' : 's'}</summary>`, '');
      for (const f of quiet) out.push(item(f));
      out.push('', '</details>');
    }
    out.push('');
  }
  if (report.suppressed.length) {
    out.push('<details><summary>Ignored by policy</summary>', '');
    for (const s of report.suppressed) out.push(`- \`${s.id}\` ${escapeMarkdown(s.entity)}: ${escapeMarkdown(s.reason)}`);
    out.push('', '</details>', '');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function item(f: Finding): string {
  // Rule ids are ours (kebab-case), safe inside a code span; everything else is escaped text.
  return `- ${ICON[f.level]} **${f.level}** \`${f.id}\` ${escapeMarkdown(f.message)}`;
}

/**
 * Escape for GitHub-flavoured markdown inline text (never at a line start, so list and heading
 * markers need no care): HTML entities for `& < >`, a backslash before the punctuation that
 * starts emphasis, code, links or tables, newlines flattened, and a zero-width joiner that breaks
 * `@mentions` and bare-URL autolinks in server-provided text.
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]()|~#!]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200d')
    .replace(/:\/\//g, ':/\u200d/')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\u200d.`);
}
