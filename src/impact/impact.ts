import { dirname, isAbsolute, relative } from 'node:path';
import { parseEntity } from '../diff/entities.js';
import type { DiffReport, Finding, Impact, ImpactSite } from '../diff/types.js';
import type { Snapshot } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { callVerdict, type SiteVerdict, unknown } from './evidence.js';
import { type ClientLocation, clientFromHeader } from './locate.js';
import { loadProjects } from './project.js';
import { type RawSite, scanProgram } from './scan.js';
import { findTargets } from './targets.js';

export interface ImpactOptions {
  /** The project's tsconfig.json, absolute. */
  tsconfig: string;
  /** From `--server`; found by the generated files' header when absent. */
  client?: ClientLocation;
  /** For the paths the report shows of the tsconfig. */
  cwd: string;
}

/**
 * Each finding of `report` with where the project calls what it changed. The names are the base
 * snapshot's, planned as the generator planned them: the project's client was generated from it.
 */
export function addImpact(report: DiffReport, base: Snapshot, options: ImpactOptions): DiffReport {
  const root = dirname(options.tsconfig);
  const { programs, problems } = loadProjects(options.tsconfig);
  const client =
    options.client ??
    clientFromHeader(
      programs.map((p) => p.program),
      options.tsconfig,
    );
  const isGenerated = (file: string) => {
    const path = relative(client.dir, file);
    return !path.startsWith('..') && !isAbsolute(path);
  };
  const sites = new Map<string, RawSite>();
  const files = new Set<string>();
  let traced = false;
  for (const { program } of programs) {
    const found = findTargets(base, client, program);
    if (found.targets.size === 0) continue;
    traced = true;
    // A client generated from the head lacks the removed tools (their sites are then found by
    // name); any other missing tool means it was generated from another catalog.
    const removed = new Set(
      report.findings.filter((f) => f.id === 'tool-removed').map((f) => f.entity),
    );
    const missing = found.missing.filter((t) => !removed.has(`tool:${t}`));
    if (missing.length)
      problems.push(
        `the client in ${show(root, client.dir)} was not generated from the base or head snapshot: no function or method for ${missing
          .slice(0, 5)
          .map((t) => JSON.stringify(t))
          .join(', ')}`,
      );
    const scan = scanProgram({ program, root, isGenerated, ...found });
    scan.files.forEach((f) => files.add(f));
    for (const s of scan.sites) sites.set(`${s.file}:${s.line}:${s.column}:${s.kind}:${s.tool}`, s);
  }
  if (!traced && base.tools.length > 0 && programs.length > 0)
    problems.push(
      `no file of the project includes the generated client in ${show(root, client.dir)}`,
    );
  const ordered = [...sites.values()].sort(
    (a, b) => compareStrings(a.file, b.file) || a.line - b.line || a.column - b.column,
  );
  return {
    ...report,
    findings: report.findings.map((f) => ({ ...f, impact: impactOf(f, ordered, problems) })),
    impact: {
      project: show(options.cwd, options.tsconfig),
      client: show(root, client.dir),
      files: files.size,
      problems,
    },
  };
}

function impactOf(finding: Finding, sites: readonly RawSite[], problems: string[]): Impact {
  const entity = parseEntity(finding.entity);
  if (entity?.kind !== 'tool')
    return {
      status: 'unknown',
      sites: [],
      reason: 'only tool calls are traced, not resources, prompts or the server',
    };
  const reached: ImpactSite[] = [];
  let unsure = false;
  for (const site of sites) {
    if (site.tool !== undefined && site.tool !== entity.key) continue;
    const verdict = verdictOf(finding, site);
    if (verdict === undefined || verdict.verdict === 'unaffected') continue;
    unsure ||= verdict.verdict === 'unknown';
    const { file, line, column, via } = site;
    reached.push({ file, line, column, via, evidence: verdict.evidence });
  }
  if (unsure) return { status: 'unknown', sites: reached };
  if (reached.length) return { status: 'used', sites: reached };
  if (problems.length)
    return {
      status: 'unknown',
      sites: [],
      reason: `no site found, but the project was not read whole: ${problems[0]}`,
    };
  return { status: 'unused', sites: [] };
}

function verdictOf(finding: Finding, site: RawSite): SiteVerdict | undefined {
  const removed = finding.id === 'tool-removed';
  switch (site.kind) {
    case 'reference':
      // An import or destructuring breaks only when the name is gone; otherwise the calls tell.
      return removed
        ? { verdict: 'affected', evidence: `${site.what}, whose tool was removed` }
        : undefined;
    case 'call':
      return callVerdict(finding, site.args!, site.inputIndex!, site.what.replace(/^calls /, ''));
    case 'value':
      return removed
        ? { verdict: 'affected', evidence: `${site.what}, whose tool was removed` }
        : unknown(`${site.what}: calls through it are not followed`);
    case 'dynamic':
      return unknown(site.what);
  }
}

function show(from: string, path: string): string {
  return (relative(from, path) || '.').split('\\').join('/');
}
