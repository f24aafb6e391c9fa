import { escapeHidden } from '../shared/hidden-text.js';
import { entitySubject } from './entities.js';
import { byEntity, LEVEL_ORDER, plural } from './format-common.js';
import { type ImpactFields, impactLine, scopeLines, siteLabel } from './format-impact.js';
import type { DiffReport, Finding, Level, SuppressedFinding } from './types.js';

const MAX_SITES = 20;
const ICON: Record<Level, string> = { error: '🔴', warning: '🟠', info: '🔵' };

/**
 * A pull-request comment: counts per level, then one section per entity with errors and warnings
 * listed and info collapsed. Names, descriptions and messages come from the server and are
 * untrusted: they are escaped so they cannot inject markup, HTML, links or @-mentions.
 */
export function formatMarkdown(report: DiffReport): string {
  return renderMarkdown({
    ...report,
    title: `mcp-codegen diff: ${escapeMarkdown(report.base)} → ${escapeMarkdown(report.head)}`,
    empty: 'No changes.',
    scope: scopeLines(report.impact),
  });
}

/** What the markdown renderer shows; `diff` and `lint` reports both fit it. */
export interface MarkdownView {
  /** The heading text, already escaped. */
  title: string;
  empty: string;
  findings: ReadonlyArray<Pick<Finding, 'id' | 'level' | 'entity' | 'message'> & ImpactFields>;
  suppressed: readonly SuppressedFinding[];
  summary: Record<Level, number>;
  /** `diff --impact` only: what was traced, said under the counts. */
  scope?: string[];
}

export function renderMarkdown(view: MarkdownView): string {
  const out: string[] = [];
  out.push(`### ${view.title}`, '');
  out.push('| level | findings |', '| --- | ---: |');
  for (const level of LEVEL_ORDER) out.push(`| ${ICON[level]} ${level} | ${view.summary[level]} |`);
  if (view.suppressed.length) out.push(`| ignored by policy | ${view.suppressed.length} |`);
  out.push('');
  if (view.scope?.length) out.push(...view.scope.map((l) => escapeMarkdown(l)), '');
  if (view.findings.length === 0) out.push(view.empty, '');
  for (const group of byEntity(view.findings)) {
    out.push(`#### ${escapeMarkdown(entitySubject(group.entity))}`, '');
    const loud = group.findings.filter((f) => f.level !== 'info');
    const quiet = group.findings.filter((f) => f.level === 'info');
    for (const f of loud) out.push(...item(f));
    if (quiet.length) {
      if (loud.length) out.push('');
      out.push(
        `<details><summary>${plural(quiet.length, 'info')} finding${quiet.length === 1 ? '' : 's'}</summary>`,
        '',
      );
      for (const f of quiet) out.push(...item(f));
      out.push('', '</details>');
    }
    out.push('');
  }
  if (view.suppressed.length) {
    out.push('<details><summary>Ignored by policy</summary>', '');
    for (const s of view.suppressed)
      out.push(`- \`${s.id}\` ${escapeMarkdown(s.entity)}: ${escapeMarkdown(s.reason)}`);
    out.push('', '</details>', '');
  }
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
}

function item(f: Pick<Finding, 'id' | 'level' | 'message'> & ImpactFields): string[] {
  // Rule ids are ours (kebab-case), safe inside a code span; everything else is escaped text.
  const line = `- ${ICON[f.level]} **${f.level}** \`${f.id}\` ${escapeMarkdown(f.message)}`;
  const impact = impactLine(f);
  if (impact === undefined) return [line];
  // The call sites, under the finding: the pull-request comment is where a reviewer sees them.
  const sites = f.impact?.sites ?? [];
  // A comment has a size limit (65,536 characters on GitHub): the first sites, then a count.
  const more = sites.length - MAX_SITES;
  return [
    line,
    `  - ${escapeMarkdown(impact)}`,
    ...sites
      .slice(0, MAX_SITES)
      .map((s) => `    - ${escapeMarkdown(siteLabel(s))} ${escapeMarkdown(s.evidence)}`),
    ...(more > 0 ? [`    - and ${more} more (all of them in \`--format json\`)`] : []),
  ];
}

/**
 * Escape for GitHub-flavoured markdown inline text (never at a line start, so list and heading
 * markers need no care): hidden characters as `\u200b` escapes, HTML entities for `& < >`, a backslash before the punctuation that
 * starts emphasis, code, links or tables, newlines flattened, and a zero-width joiner that breaks
 * `@mentions` and bare-URL autolinks in server-provided text.
 */
export function escapeMarkdown(text: string): string {
  // Hidden characters first (shown as \u escapes), before the zero-width joiners added below on purpose.
  return escapeHidden(text)
    .replace(/[\r\n]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_[\]()|~#!]/g, (c) => `\\${c}`)
    .replace(/@/g, '@\u200d')
    .replace(/:\/\//g, ':/\u200d/')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}\u200d.`);
}
