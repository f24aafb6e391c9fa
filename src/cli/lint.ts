import { readSnapshotArgText } from '../diff/source.js';
import { CodegenError } from '../shared/errors.js';
import { lintSnapshot } from '../lint/engine.js';
import {
  formatLintGithub,
  formatLintJson,
  formatLintMarkdown,
  formatLintSarif,
  formatLintText,
} from '../lint/format.js';
import { LINT_RULES } from '../lint/rules.js';
import { displayPath, resolveLintSettings } from '../lint/settings.js';
import type { LintReport } from '../lint/types.js';
import type { Command } from './io.js';
import { deliverReport, reportCommand, type ReportFormat, reportRequest } from './report-output.js';

const help = `Usage: mcp-codegen lint [snapshot] [options]

Check a catalog against the rules for a good, narrow, safe MCP server: names,
descriptions, input and output contracts, hidden or model-addressed text, resources.

Arguments:
  [snapshot]             A snapshot file (canonical snapshot, catalog dump or bare
                         tools/list result), or <rev>:<path> read with \`git show\`.
                         Without it, the committed snapshot of --server (or of the
                         config's only server) is linted. No server is contacted.

Options:
  --format <fmt>         text (default; colour on a terminal unless NO_COLOR is set),
                         markdown (a pull-request comment), json (versioned report:
                         { format, version, snapshot, summary, findings, suppressed }),
                         github (workflow annotations), sarif (SARIF 2.1.0, for code scanning)
  --fail-on <level>      error (default), warning, info or none: exit 1 when a finding
                         at or above this level remains after the policy
  --config <file>        config with a "lint" policy (default: found from the current
                         folder up to the project root; none is fine with a snapshot)
  --server <name>        lint that server's snapshot, with its "lint" policy on top
  --output <file>        write the report to a file instead of stdout
  -h, --help             this help

Policy (in mcp-codegen.config.ts, at the top level and per server):
  lint: {
    rules: { 'output-schema-missing': 'error', 'tool-name-not-action-target': 'off' },
    ignore: [{ rule: 'tool-name-versioned', entity: 'tool:search_v2', reason: 'kept until 3.0' }],
    descriptionBudget: 1024,   // bytes, for tool-description-too-long
    maxTools: 40,              // for catalog-tool-count-high
    descriptionCoverage: 0.8,  // for catalog-description-coverage (a share, 0 to 1)
  }

Exit codes:
  0  no finding at or above --fail-on
  1  findings at or above --fail-on
  2  bad usage, unreadable or invalid snapshot, bad config or policy, git failure

Examples:
  mcp-codegen lint mcp/server.snapshot.json
  mcp-codegen lint --server docs --format github
  mcp-codegen lint mcp/server.snapshot.json --format sarif --output lint.sarif --fail-on none

Rules (id, default level):
${LINT_RULES.map((r) => `  ${r.id.padEnd(38)} ${r.level.padEnd(8)} ${r.family}`).join('\n')}

Each rule is documented with a bad and a good example in src/lint/README.md.
`;

export const lintCommand: Command = reportCommand(
  'lint',
  help,
  async ({ values, positionals }, io) => {
    if (positionals.length > 1) {
      throw new CodegenError(`lint: expected at most one snapshot, got ${positionals.length}`, {
        hint: 'lint one catalog at a time; see `mcp-codegen lint --help`',
      });
    }
    const request = reportRequest('lint', values);
    const given = positionals[0];
    const settings = await resolveLintSettings({
      config: values.config,
      server: values.server,
      cwd: io.cwd,
      snapshotGiven: given !== undefined,
    });
    const label = given ?? displayPath(settings.snapshotFile!, io.cwd);
    const { snapshot, text: source } = await readSnapshotArgText(
      given ?? settings.snapshotFile!,
      io.cwd,
    );
    const sampled = settings.shapesFile
      ? await sampledTools(settings.shapesFile)
      : new Set<string>();
    const report = lintSnapshot(snapshot, { policy: settings.policy, label, sampled });

    const draw = (color: boolean) => render(report, request.format, color, source);
    return deliverReport(io, request, draw, report.findings);
  },
);

/** Tools the shapes file gives a result schema (a missing file: none). */
async function sampledTools(file: string): Promise<Set<string>> {
  const { readShapesFile } = await import('../shapes/file.js');
  const shapes = await readShapesFile(file);
  return new Set([...shapes.tools].filter(([, shape]) => shape.schema).map(([name]) => name));
}

/** The formats that need nothing but the report; text adds colour, SARIF the snapshot's text for lines. */
const PLAIN = { markdown: formatLintMarkdown, json: formatLintJson, github: formatLintGithub };

function render(report: LintReport, format: ReportFormat, color: boolean, source?: string): string {
  if (format === 'text') return formatLintText(report, { color });
  return format === 'sarif' ? formatLintSarif(report, source) : PLAIN[format](report);
}
