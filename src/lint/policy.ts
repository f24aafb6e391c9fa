import { LINT_POLICY_KEYS, type LintPolicy } from '../config/types.js';
import { checkPolicy, mergePolicies, policySpec, type PolicySource } from '../diff/policy.js';
import { InputError } from '../shared/errors.js';
import { LINT_RULES } from './rules.js';

const LINT_SPEC = policySpec('lint', LINT_POLICY_KEYS, LINT_RULES, {
  id: 'output-schema-missing',
  accepts: 'finding',
});

/**
 * Check a lint policy before it is used, as diff's is checked: a misspelt rule id would otherwise
 * silently ignore nothing. Ignore entries match a rule id and optionally an entity, never message text.
 */
export function validateLintPolicy(
  policy: unknown,
  source: PolicySource = { file: 'lint policy', at: '' },
): LintPolicy {
  if (policy === undefined) return {};
  const { file, at } = source;
  const obj = checkPolicy(policy, source, LINT_SPEC);
  for (const key of ['descriptionBudget', 'maxTools'] as const) {
    const value = obj[key];
    if (
      value !== undefined &&
      !(typeof value === 'number' && Number.isInteger(value) && value > 0)
    ) {
      throw new InputError(
        file,
        `${at}/${key}`,
        `expected a positive whole number, got ${JSON.stringify(value)}`,
        key === 'descriptionBudget'
          ? 'a budget in UTF-8 bytes, e.g. 1024'
          : 'a number of tools, e.g. 40',
      );
    }
  }
  const coverage = obj.descriptionCoverage;
  if (
    coverage !== undefined &&
    !(typeof coverage === 'number' && Number.isFinite(coverage) && coverage >= 0 && coverage <= 1)
  ) {
    throw new InputError(
      file,
      `${at}/descriptionCoverage`,
      `expected a share from 0 to 1, got ${JSON.stringify(coverage)}`,
      'the least share of tools and input properties with a description, e.g. 0.8 for 80%',
    );
  }
  return obj as LintPolicy;
}

/** The top-level policy, then the server's: its levels and thresholds override, ignore lists add up. */
export function mergeLintPolicies(...policies: Array<LintPolicy | undefined>): LintPolicy {
  const merged: LintPolicy = mergePolicies(...policies);
  for (const p of policies) {
    if (p?.descriptionBudget !== undefined) merged.descriptionBudget = p.descriptionBudget;
    if (p?.maxTools !== undefined) merged.maxTools = p.maxTools;
    if (p?.descriptionCoverage !== undefined) merged.descriptionCoverage = p.descriptionCoverage;
  }
  return merged;
}
