import type { Finding, ImpactScope, ImpactSite } from './types.js';

/** What the formats read of `diff --impact`: absent without it, so their output is unchanged. */
export type ImpactFields = Partial<Pick<Finding, 'impact' | 'originalLevel' | 'downgradeReason'>>;

/** `used: 3 sites`, `unknown: no site found, but …`; with the downgrade said, when there was one. */
export function impactLine(f: ImpactFields): string | undefined {
  if (f.impact === undefined) return undefined;
  const count = f.impact.sites.length;
  const sites = count ? `${count} site${count === 1 ? '' : 's'}` : 'no site';
  const reason = f.impact.reason ? ` (${f.impact.reason})` : '';
  const downgrade = f.originalLevel ? `; was ${f.originalLevel}: ${f.downgradeReason}` : '';
  return `impact ${f.impact.status}: ${sites}${reason}${downgrade}`;
}

export function siteLabel(site: ImpactSite): string {
  return `${site.file}:${site.line}:${site.column}`;
}

/** One line about what `--impact` read, and each problem that keeps `unused` from being proven. */
export function scopeLines(scope: ImpactScope | undefined): string[] {
  if (scope === undefined) return [];
  return [
    `impact: ${scope.files} file${scope.files === 1 ? '' : 's'} of ${scope.project} traced to the client in ${scope.client}`,
    ...scope.problems.map((p) => `impact incomplete: ${p}`),
  ];
}
