import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareLintFindings, lintSnapshot } from '../src/lint/engine.js';
import { formatLintText } from '../src/lint/format.js';
import { isLintRuleId } from '../src/lint/rules.js';
import type { LintReport } from '../src/lint/types.js';
import { readSnapshotFile, type Snapshot } from '../src/snapshot/index.js';
import { catalogsDir, repoRoot, sharedCatalogs } from './helpers/paths.js';

/**
 * lint on every real catalog in ../shared: it finishes, is deterministic, and what it finds is
 * what src/lint/README.md says it finds (the summary table there is checked row by row).
 */
const { files, skip } = sharedCatalogs();
const readme = readFileSync(join(repoRoot, 'src/lint/README.md'), 'utf8');

/** One README row: `| file | tools | errors | warnings | info | rule count, ... |`, rules by count, then id. */
function row(name: string, snapshot: Snapshot, report: LintReport): string {
  const counts = new Map<string, number>();
  for (const f of report.findings) counts.set(f.id, (counts.get(f.id) ?? 0) + 1);
  const rules = [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([id, n]) => `\`${id}\` ${n}`);
  const { error, warning, info } = report.summary;
  return `| \`${name}\` | ${snapshot.tools.length} | ${error} | ${warning} | ${info} | ${rules.join(', ') || 'none'} |`;
}

test('the shared catalogs are there', { skip }, () => {
  assert.ok(files.length >= 10, `expected at least 10 catalogs, found ${files.length}`);
});

for (const file of files) {
  const name = file.slice(catalogsDir.length + 1);
  test(
    `lint finishes on ${name}, deterministically, and the README summarises it`,
    { skip },
    async () => {
      const snapshot = await readSnapshotFile(file);
      const report = lintSnapshot(snapshot, { label: name });
      for (const f of report.findings) assert.ok(isLintRuleId(f.id));
      assert.deepEqual([...report.findings].sort(compareLintFindings), report.findings);
      const reversed = {
        ...snapshot,
        tools: [...snapshot.tools].reverse(),
        resources: [...snapshot.resources].reverse(),
        prompts: [...snapshot.prompts].reverse(),
      };
      assert.deepEqual(lintSnapshot(reversed, { label: name }), report);
      assert.doesNotMatch(
        formatLintText(report),
        /[\u200b-\u200f\u202a-\u202e\u2066-\u2069]|\udb40[\udc00-\udc7f]/,
      );
      const expected = row(name, snapshot, report);
      assert.ok(
        readme.includes(`\n${expected}\n`),
        `src/lint/README.md lacks this summary row (or it is out of date):\n${expected}`,
      );
    },
  );
}
