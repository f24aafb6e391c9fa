import { escapeJsonText } from '../shared/hidden-text.js';
import type { ImpactFields } from './format-impact.js';
import { parseEntity } from './entities.js';
import { lineLocator } from './json-lines.js';
import { RULES } from './rules.js';
import { parseRevision } from './source.js';
import type { DiffReport, Level, ReportBody, ReportedFinding } from './types.js';

/** What a SARIF log is built from: the same for `diff` and `lint`. */
export interface SarifInput {
  /** `diff` or `lint`: the driver is `mcp-codegen diff` / `mcp-codegen lint`. */
  command: 'diff' | 'lint';
  /** The command's rule registry, with default levels; the log describes those that have results. */
  rules: ReadonlyArray<{ id: string; level: Level; trigger: string }>;
  /** The snapshot the results are about, as the user named it (a path, or `rev:path`). */
  artifact: string;
  report: ReportBody<ReportedFinding & ImpactFields>;
  /** The artifact's text, when at hand: each result then carries the line of its entity and pointer. */
  text?: string;
}

const SARIF_LEVEL: Record<Level, 'error' | 'warning' | 'note'> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

/**
 * SARIF 2.1.0, for code scanning. One run; a result per finding, located in the snapshot file and,
 * logically, at the entity and JSON pointer. `partialFingerprints` carries the finding's own
 * fingerprint, so alerts keep their identity when messages are reworded. Findings ignored by the
 * policy are results with an external suppression and its reason, as SARIF viewers expect.
 */
export function formatSarif(input: SarifInput): string {
  // Only the rules that have results, in registry order (as ESLint's SARIF does): results point at them by index.
  const used = new Set([...input.report.findings, ...input.report.suppressed].map((f) => f.id));
  const rules = input.rules.filter((r) => used.has(r.id));
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const uri = artifactUri(input.artifact);
  // Code scanning shows a result at a line; without the text, at the top of the file.
  const lineOf = input.text === undefined ? () => 1 : lineLocator(input.text);
  const location = (entity: string, pointer: string) => ({
    physicalLocation: {
      artifactLocation: { uri, index: 0 },
      region: { startLine: lineOf(entity, pointer) },
    },
    logicalLocations: [
      { fullyQualifiedName: pointer ? `${entity}#${pointer}` : entity, kind: logicalKind(entity) },
    ],
  });
  const results = [
    ...input.report.findings.map((f) => ({
      ruleId: f.id,
      ruleIndex: index.get(f.id)!,
      level: SARIF_LEVEL[f.level],
      message: { text: f.message },
      locations: [location(f.entity, f.pointer)],
      partialFingerprints: { 'mcpCodegen/v1': f.fingerprint },
      properties: { entity: f.entity, pointer: f.pointer, ...impactProperties(f) },
      ...relatedLocations(f),
    })),
    ...input.report.suppressed.map((s) => ({
      ruleId: s.id,
      ruleIndex: index.get(s.id)!,
      level: SARIF_LEVEL[rules[index.get(s.id)!]!.level],
      message: {
        text: `${s.id} in ${s.entity}${s.pointer ? ` at ${s.pointer}` : ''} (ignored by policy)`,
      },
      locations: [location(s.entity, s.pointer)],
      partialFingerprints: { 'mcpCodegen/v1': s.fingerprint },
      properties: { entity: s.entity, pointer: s.pointer },
      suppressions: [{ kind: 'external', justification: s.reason }],
    })),
  ];
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: `mcp-codegen ${input.command}`,
            rules: rules.map((r) => ({
              id: r.id,
              shortDescription: { text: plain(r.trigger) },
              defaultConfiguration: { level: SARIF_LEVEL[r.level] },
            })),
          },
        },
        artifacts: [{ location: { uri } }],
        results,
      },
    ],
  };
  // Server text (names in entity ids, quoted descriptions) may hold hidden characters: written as JSON escapes.
  return `${escapeJsonText(JSON.stringify(log, null, 2))}\n`;
}

/** `diff --impact`: the status (and a downgrade) as result properties; absent otherwise. */
function impactProperties(f: ReportedFinding & ImpactFields): Record<string, unknown> {
  if (f.impact === undefined) return {};
  return {
    impact: f.impact.status,
    ...(f.originalLevel
      ? { originalLevel: f.originalLevel, downgradeReason: f.downgradeReason }
      : {}),
  };
}

/** The call sites as related locations, relative to the project root. */
function relatedLocations(f: ReportedFinding & ImpactFields): { relatedLocations?: unknown[] } {
  if (!f.impact?.sites.length) return {};
  return {
    relatedLocations: f.impact.sites.map((s, id) => ({
      id,
      physicalLocation: {
        artifactLocation: { uri: artifactUri(s.file) },
        region: { startLine: s.line, startColumn: s.column },
      },
      message: { text: s.evidence },
    })),
  };
}

/** A diff's results are located in the head snapshot; `headText` is its text, for lines. */
export function formatDiffSarif(report: DiffReport, headText?: string): string {
  const input = { command: 'diff', rules: RULES, artifact: report.head, text: headText } as const;
  return formatSarif({ ...input, report });
}

/**
 * The artifact as a relative URI reference: `rev:path` names the file at `path` (the revision is
 * not part of a location), Windows separators become `/`, and anything outside URI syntax is
 * percent-encoded.
 */
export function artifactUri(label: string): string {
  const revision = parseRevision(label);
  const path = (revision ? revision.path.replace(/^\.\//, '') : label).replace(/\\/g, '/');
  return path
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
}

function logicalKind(entity: string): string {
  const kind = parseEntity(entity)?.kind;
  return kind === 'tool' || kind === 'prompt'
    ? 'function'
    : kind === 'server'
      ? 'module'
      : 'object';
}

/** Rule triggers are written for markdown docs; SARIF's `text` is plain. */
function plain(text: string): string {
  return text.replace(/`/g, '');
}
