import { visible } from '../shared/hidden-text.js';
import { byEntity, summaryLine } from './format-common.js';
import { type ImpactFields, impactLine, scopeLines, siteLabel } from './format-impact.js';
import type { DiffReport, Finding, Level, SuppressedFinding } from './types.js';

export interface TextOptions {
  /** ANSI colour; the CLI turns it on only for a terminal without NO_COLOR. */
  color?: boolean;
}

/** What the text renderer shows; `diff` and `lint` reports both fit it. */
export interface TextView {
  /** The first line, e.g. `mcp-codegen diff base.json → head.json` (server text in it already made visible). */
  title: string;
  /** Said when there is no finding, e.g. `No changes.` */
  empty: string;
  findings: ReadonlyArray<
    Pick<Finding, 'id' | 'level' | 'entity' | 'pointer' | 'message'> & ImpactFields
  >;
  suppressed: readonly SuppressedFinding[];
  summary: Record<Level, number>;
  /** `diff --impact` only: what was traced. */
  scope?: string[];
}

const CODES = {
  red: [31, 39],
  yellow: [33, 39],
  cyan: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
} as const;
type Style = keyof typeof CODES;

/** Human output: one block per entity, one line per finding, then the counts. */
export function formatText(report: DiffReport, options: TextOptions = {}): string {
  return renderText(
    {
      ...report,
      title: `mcp-codegen diff ${visible(report.base)} → ${visible(report.head)}`,
      empty: 'No changes.',
      scope: scopeLines(report.impact),
    },
    options,
  );
}

export function renderText(view: TextView, options: TextOptions = {}): string {
  const paint = (style: Style, text: string) =>
    options.color ? `\u001b[${CODES[style][0]}m${text}\u001b[${CODES[style][1]}m` : text;
  const levelStyle: Record<Level, Style> = { error: 'red', warning: 'yellow', info: 'cyan' };
  const lines = [view.title];
  if (view.findings.length === 0) lines.push('', view.empty);
  for (const group of byEntity(view.findings)) {
    lines.push('', paint('bold', visible(group.entity)));
    for (const f of group.findings) {
      lines.push(`  ${paint(levelStyle[f.level], f.level.padEnd(7))} ${visible(f.message)}`);
      lines.push(
        `          ${paint('dim', `${f.id}${f.pointer ? ` at ${visible(f.pointer)}` : ''}`)}`,
      );
      const impact = impactLine(f);
      if (impact !== undefined) lines.push(`          ${visible(impact)}`);
      for (const site of f.impact?.sites ?? [])
        lines.push(`            ${visible(siteLabel(site))} ${visible(site.evidence)}`);
    }
  }
  if (view.suppressed.length) {
    lines.push('', paint('dim', 'Ignored by policy:'));
    for (const s of view.suppressed)
      lines.push(
        paint(
          'dim',
          `  ${s.id} ${visible(s.entity)}${s.pointer ? ` at ${visible(s.pointer)}` : ''}: ${visible(s.reason)}`,
        ),
      );
  }
  if (view.scope?.length) lines.push('', ...view.scope.map(visible));
  lines.push('', summaryLine(view));
  return `${lines.join('\n')}\n`;
}
