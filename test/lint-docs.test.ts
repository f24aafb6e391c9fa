import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintCommand } from '../src/cli/lint.js';
import { lintSnapshot } from '../src/lint/engine.js';
import { formatLintText } from '../src/lint/format.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { LINT_RULES } from '../src/lint/rules.js';
import { repoRoot } from './helpers/paths.js';

/** src/lint/README.md documents every rule with its default level and a bad and a good example. */
const readme = readFileSync(join(repoRoot, 'src/lint/README.md'), 'utf8');

test('the rules table lists every rule id in registry order, with its default level and both examples', () => {
  const rows = [
    ...readme.matchAll(
      /^\| `([a-z0-9-]+)` \| (error|warning|info) \| (.+?) \| (.+?) \| (.+?) \|$/gm,
    ),
  ];
  assert.deepEqual(
    rows.map((m) => [m[1], m[2]]),
    LINT_RULES.map((r) => [r.id, r.level]),
  );
  for (const m of rows)
    for (const cell of [m[3], m[4], m[5]])
      assert.ok(cell!.trim().length > 3, `${m[1]}: an empty cell`);
});

test('rule ids are unique kebab-case, and --help lists each with its level', () => {
  const ids = LINT_RULES.map((r) => r.id);
  assert.equal(new Set(ids).size, ids.length);
  for (const r of LINT_RULES) {
    assert.match(r.id, /^[a-z]+(-[a-z]+)*$/);
    assert.match(lintCommand.help, new RegExp(`\\n  ${r.id} +${r.level} +${r.family}\\n`));
  }
});

test('src/lint/README.md shows a real lint run of the bundled example, and the project README the CI job that runs lint', async () => {
  const shown = /```sh\n\$ npx mcp-codegen lint (\S+)\n([\s\S]*?)```/.exec(readme);
  assert.ok(shown, 'src/lint/README.md has no lint run');
  const label = shown[1]!;
  const actual = formatLintText(
    lintSnapshot(await readSnapshotFile(join(repoRoot, label)), { label }),
  );
  assert.equal(
    shown[2],
    actual,
    `src/lint/README.md: paste the output of \`node bin/mcp-codegen.js lint ${label}\``,
  );
  const main = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  assert.match(main, /- run: npx mcp-codegen lint [^\n]*--format github/);
  assert.match(main, /- run: npx mcp-codegen lint [^\n]*--format sarif/);
});
