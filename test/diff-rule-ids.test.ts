import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FindingList } from '../src/diff/findings.js';
import { RULES, isRuleId, rule, type RuleId } from '../src/diff/rules.js';
import { LINT_RULES, isLintRuleId, lintRule, type LintRuleId } from '../src/lint/rules.js';

/**
 * The registries (src/diff/rules.ts, src/lint/rules.ts) are the single source of rule ids. Raising a
 * finding takes a `RuleId` (the union of the registry's ids), so a misspelt id does not compile:
 * `npm run typecheck` covers this file, and each `@ts-expect-error` below fails it when the
 * compiler stops rejecting the typo. The run-time test catches ids that reach code without the type
 * (a cast, a string built at run time): every rule-id-shaped literal in src/diff is in the registry.
 */
function typosDoNotCompile(out: FindingList): void {
  // @ts-expect-error a misspelt diff rule id
  out.add('tool-remvoed', 'tool:x', '', null, null);
  // @ts-expect-error a misspelt diff rule id
  rule('tool-input-property-remove');
  // @ts-expect-error a lint rule id is not a diff rule id
  const wrongRegistry: RuleId = 'tool-name-invalid';
  // @ts-expect-error a misspelt lint rule id
  lintRule('tool-name-invaild');
  const lintId: LintRuleId = 'tool-name-invalid';
  void [wrongRegistry, lintId];
}
void typosDoNotCompile;

const diffDir = join(import.meta.dirname, '..', 'src', 'diff');
/** Literals shaped like diff rule ids: the rule prefixes followed by kebab-case words. */
const RULE_LIKE = /'((?:tool|resource|prompt|capability|server|error-code)-[a-z-]+)'/g;
/** Kebab-case literals with a rule prefix that are entity kinds, not rule ids. */
const NOT_RULES = new Set(['resource-template']);

test('every rule-id-shaped literal in src/diff is a registered rule id', () => {
  const unknown: string[] = [];
  for (const file of readdirSync(diffDir).filter((f) => f.endsWith('.ts') && f !== 'rules.ts')) {
    const text = readFileSync(join(diffDir, file), 'utf8');
    for (const [, id] of text.matchAll(RULE_LIKE))
      if (!NOT_RULES.has(id!) && !isRuleId(id!)) unknown.push(`${file}: ${id}`);
  }
  assert.deepEqual(unknown, []);
});

test('the registries: ids are unique, lookups throw on an unknown id, isRuleId answers for config input', () => {
  for (const [name, ids] of [
    ['diff', RULES.map((r) => r.id)],
    ['lint', LINT_RULES.map((r) => r.id)],
  ] as const) {
    assert.equal(new Set<string>(ids).size, ids.length, `${name} rule ids are unique`);
  }
  assert.equal(rule('tool-removed').level, 'error');
  assert.equal(isRuleId('tool-removed'), true);
  assert.equal(isRuleId('tool-remvoed'), false);
  assert.equal(isLintRuleId('tool-name-invalid'), true);
  assert.throws(() => rule('nope' as RuleId), /unknown diff rule id "nope"/);
  assert.throws(() => lintRule('nope' as LintRuleId), /unknown lint rule id "nope"/);
});

test('a finding raised with a registered id carries the registry level and message', () => {
  const out = new FindingList();
  out.add('tool-removed', 'tool:search', '', 'search', null);
  assert.equal(out.items[0]!.level, 'error');
  assert.equal(out.items[0]!.message, 'tool "search" was removed');
});
