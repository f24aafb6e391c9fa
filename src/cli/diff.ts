import { diffSnapshots } from '../diff/engine.js';
import { formatGithub } from '../diff/format-github.js';
import { formatJson } from '../diff/format-json.js';
import { formatMarkdown } from '../diff/format-markdown.js';
import { formatDiffSarif } from '../diff/format-sarif.js';
import { formatText } from '../diff/format-text.js';
import { RULES } from '../diff/rules.js';
import { resolve } from 'node:path';
import { loadCommandConfig, resolveDiffSettings } from '../diff/settings.js';
import { readSnapshotArg, readSnapshotArgText } from '../diff/source.js';
import type { DiffReport } from '../diff/types.js';
import type { Snapshot } from '../snapshot/types.js';
import { CodegenError } from '../shared/errors.js';
import { serializeSnapshot } from '../snapshot/write.js';
import type { Command, Io } from './io.js';
import { deliverReport, reportCommand, type ReportFormat, reportRequest } from './report-output.js';

const help = `Usage: mcp-codegen diff <base> <head> [options]
       mcp-codegen diff <snapshot> --live [--server <name>] [options]

Compare two catalog snapshots and classify every change: what breaks clients
(error), what may break them (warning), and what does not (info). With --live,
compare a committed snapshot with what the configured server serves now.

Arguments:
  <base> <head>          Snapshot files: a canonical snapshot, a catalog dump, or a
                         bare tools/list result. Either may be <rev>:<path>, read
                         with \`git show\` (path relative to the repository root),
                         e.g. origin/main:mcp/server.snapshot.json. An existing
                         file always wins over the git reading.

Options:
  --format <fmt>         text (default; colour on a terminal unless NO_COLOR is set),
                         markdown (a pull-request comment), json (versioned report:
                         { format, version, base, head, summary, findings, suppressed }),
                         github (workflow annotations, one per finding),
                         sarif (SARIF 2.1.0, for code scanning; results located in <head>)
  --fail-on <level>      error (default), warning, info or none: exit 1 when a finding
                         at or above this level remains after the policy
  --config <file>        config with a "diff" policy (default: found from the current
                         folder up to the project root; none is fine)
  --server <name>        also apply that server's "diff" policy and "errors" catalog;
                         with --impact, the client traced is that server's "out" (without
                         it, the generated client is found by its header in the project)
                         with --live, the server to discover (default: the config's only one)
  --live                 <head> is the live server: discovered from the config as
                         \`generate\` does (source, timeout, page limit, era)
  --output <file>        write the report to a file instead of stdout
  --impact               also say, per finding, where this project's code calls what
                         changed: status used, unused or unknown, and the call sites
                         (file, line, column, evidence). Loads the project with ts-morph.
  --project <tsconfig>   with --impact: the project (default ./tsconfig.json); a
                         solution-style tsconfig is followed through its references
  --downgrade-unused     with --impact: lower error to warning where no code of the
                         project reaches the change (status unused, never unknown); the
                         finding keeps originalLevel. One repository's call sites are not
                         all the consumers of a published SDK: use it for an app's own
                         client, not for a package others install.
  -h, --help             this help

Policy (in mcp-codegen.config.ts):
  diff: {
    rules: { 'tool-description-changed': 'off', 'tool-output-property-added': 'warning' },
    ignore: [{ rule: 'tool-removed', entity: 'tool:legacy_search', reason: 'deprecated in 2.0' }],
  }
  Levels: error | warning | info | off. Ignore entries match a rule id and an optional
  entity (tool:<name>, resource:<uri>, resource-template:<uriTemplate>, prompt:<name>,
  server), never message text, and need a reason. Unknown rule ids are an error.

Exit codes:
  0  no finding at or above --fail-on
  1  findings at or above --fail-on
  2  bad usage, unreadable or invalid snapshot, bad config or policy, git failure
  3  with --live: the server cannot be reached or misbehaves
  4  with --live: authentication needed or refused (no stored login and no terminal, 401, 403)

Examples:
  mcp-codegen diff old.json new.json
  mcp-codegen diff origin/main:mcp/server.snapshot.json mcp/server.snapshot.json --format github
  mcp-codegen diff base.json head.json --format markdown --output diff.md --fail-on none
  mcp-codegen diff origin/main:mcp/weather.snapshot.json mcp/weather.snapshot.json \\
    --impact --server weather --format markdown
  mcp-codegen diff mcp/weather.snapshot.json --live --server weather --format github

Rules (id, default level):
${RULES.map((r) => `  ${r.id.padEnd(46)} ${r.level}`).join('\n')}

Each rule is documented with an example in src/diff/README.md.
`;

export const diffCommand: Command = reportCommand(
  'diff',
  help,
  async ({ values, positionals }, io) => {
    if (values.live === true && positionals.length !== 1) {
      throw new CodegenError(
        `diff --live: expected one snapshot to compare with the live server, got ${positionals.length}`,
        { hint: 'e.g. `mcp-codegen diff mcp/server.snapshot.json --live --server weather`' },
      );
    }
    if (values.live !== true && positionals.length !== 2) {
      throw new CodegenError(
        `diff: expected two snapshots, <base> and <head>, got ${positionals.length}`,
        {
          hint: 'e.g. `mcp-codegen diff origin/main:mcp/server.snapshot.json mcp/server.snapshot.json`; see `mcp-codegen diff --help`',
        },
      );
    }
    const request = reportRequest('diff', values);
    if (!values.impact && (values.project !== undefined || values['downgrade-unused'])) {
      throw new CodegenError('diff: --project and --downgrade-unused go with --impact', {
        hint: 'add --impact, e.g. `mcp-codegen diff base.json head.json --impact --project tsconfig.json`',
      });
    }
    const [baseArg, headArg] = positionals as [string, string | undefined];

    const settings = await resolveDiffSettings({
      config: values.config,
      server: values.server,
      cwd: io.cwd,
    });
    const [base, { snapshot: head, text: headText, label: headLabel }] = await Promise.all([
      readSnapshotArg(baseArg, io.cwd),
      headArg === undefined ? liveHead(values, io) : readHead(headArg, io.cwd),
    ]);
    const diffed = diffSnapshots(base, head, {
      policy: settings.policy,
      errorCodes: settings.errorCodes,
      baseLabel: baseArg,
      headLabel,
    });
    const report = values.impact ? await withImpact(diffed, base, values, io.cwd) : diffed;

    const draw = (color: boolean) => render(report, request.format, color, headText);
    return deliverReport(io, request, draw, report.findings);
  },
  {
    live: { type: 'boolean' },
    impact: { type: 'boolean' },
    project: { type: 'string' },
    'downgrade-unused': { type: 'boolean' },
  },
);

/** `--impact`: loaded only then, since ts-morph (and the TypeScript compiler) is heavy. */
async function withImpact(
  report: DiffReport,
  base: Snapshot,
  values: { config?: string; server?: string; project?: string; 'downgrade-unused'?: boolean },
  cwd: string,
): Promise<DiffReport> {
  const { addImpact, clientFromConfig, downgradeUnused } = await import('../impact/index.js');
  let client;
  if (values.server !== undefined) {
    // resolveDiffSettings has checked that the config exists and names this server.
    const loaded = (await loadCommandConfig({ config: values.config, cwd }))!;
    client = clientFromConfig(loaded.config, values.server);
  }
  const tsconfig = resolve(cwd, values.project ?? 'tsconfig.json');
  const traced = addImpact(report, base, { tsconfig, cwd, ...(client ? { client } : {}) });
  return values['downgrade-unused'] ? downgradeUnused(traced) : traced;
}

async function readHead(arg: string, cwd: string) {
  return { ...(await readSnapshotArgText(arg, cwd)), label: arg };
}

/** The live server's snapshot, with its canonical text (SARIF locates findings by line in it). */
async function liveHead(values: { config?: string; server?: string }, io: Io) {
  // Loaded only for --live: discovery brings the SDK, which a diff of two files never needs.
  const { discoverLive } = await import('./diff-live.js');
  const { snapshot, label } = await discoverLive(values, io);
  return { snapshot, text: serializeSnapshot(snapshot), label };
}

/** The formats that need nothing but the report; text adds colour, SARIF the snapshot's text for lines. */
const PLAIN = { markdown: formatMarkdown, json: formatJson, github: formatGithub };

function render(
  report: DiffReport,
  format: ReportFormat,
  color: boolean,
  headText?: string,
): string {
  if (format === 'text') return formatText(report, { color });
  return format === 'sarif' ? formatDiffSarif(report, headText) : PLAIN[format](report);
}
