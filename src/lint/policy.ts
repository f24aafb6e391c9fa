import type { LintPolicy, RuleLevel } from '../config/types.js';
import { parseEntity } from '../diff/entities.js';
import { closestId, mergePolicies, type PolicySource } from '../diff/policy.js';
import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { isLintRuleId, LINT_RULES } from './rules.js';

const RULE_LEVELS: readonly RuleLevel[] = ['error', 'warning', 'info', 'off'];
const KEYS = ['rules', 'ignore', 'descriptionBudget', 'maxTools'];

/**
 * Check a lint policy before it is used, as diff's is checked: a misspelt rule id would otherwise
 * silently ignore nothing. Ignore entries match a rule id and optionally an entity, never message text.
 */
export function validateLintPolicy(policy: unknown, source: PolicySource = { file: 'lint policy', at: '' }): LintPolicy {
  if (policy === undefined) return {};
  const { file, at } = source;
  const obj = expectObject(policy, file, at, 'a lint policy { rules?, ignore?, descriptionBudget?, maxTools? }');
  for (const key of Object.keys(obj)) {
    if (!KEYS.includes(key)) throw new InputError(file, `${at}/${pointerToken(key)}`, `unknown lint policy key ${JSON.stringify(key)}`, `a lint policy has ${KEYS.map((k) => `"${k}"`).join(', ')}`);
  }
  if (obj.rules !== undefined) {
    const rules = expectObject(obj.rules, file, `${at}/rules`, 'an object of lint rule id → "error" | "warning" | "info" | "off"');
    for (const [id, level] of Object.entries(rules)) {
      const ptr = `${at}/rules/${pointerToken(id)}`;
      checkRuleId(id, file, ptr);
      if (!RULE_LEVELS.includes(level as RuleLevel)) throw new InputError(file, ptr, `invalid level ${JSON.stringify(level)} for rule ${id}`, `use one of ${RULE_LEVELS.map((l) => `"${l}"`).join(', ')}`);
    }
  }
  if (obj.ignore !== undefined) {
    if (!Array.isArray(obj.ignore)) throw new InputError(file, `${at}/ignore`, 'expected an array of { rule, entity?, reason }');
    obj.ignore.forEach((entry, i) => checkIgnore(entry, file, `${at}/ignore/${i}`));
  }
  for (const key of ['descriptionBudget', 'maxTools'] as const) {
    const value = obj[key];
    if (value !== undefined && !(typeof value === 'number' && Number.isInteger(value) && value > 0)) {
      throw new InputError(file, `${at}/${key}`, `expected a positive whole number, got ${JSON.stringify(value)}`, key === 'descriptionBudget' ? 'a budget in UTF-8 bytes, e.g. 1024' : 'a number of tools, e.g. 40');
    }
  }
  return obj as LintPolicy;
}

function checkIgnore(entry: unknown, file: string, at: string): void {
  const obj = expectObject(entry, file, at, 'an ignore entry { rule, entity?, reason }');
  for (const key of Object.keys(obj)) {
    if (!['rule', 'entity', 'reason'].includes(key)) {
      throw new InputError(file, `${at}/${pointerToken(key)}`, `unknown ignore key ${JSON.stringify(key)}`, 'ignore entries match a rule id and an optional entity, never message text: { rule, entity?, reason }');
    }
  }
  if (typeof obj.rule !== 'string') throw new InputError(file, `${at}/rule`, 'expected a lint rule id string', 'e.g. "output-schema-missing"');
  checkRuleId(obj.rule, file, `${at}/rule`);
  if (obj.entity !== undefined && (typeof obj.entity !== 'string' || !parseEntity(obj.entity))) {
    throw new InputError(file, `${at}/entity`, `invalid entity ${JSON.stringify(obj.entity)}`, 'use "tool:<name>", "resource:<uri>", "resource-template:<uriTemplate>", "prompt:<name>" or "server"');
  }
  if (typeof obj.reason !== 'string' || obj.reason.trim() === '') {
    throw new InputError(file, `${at}/reason`, 'every ignore entry needs a non-empty "reason"', 'say why this finding is accepted, so the exception is documented');
  }
}

function checkRuleId(id: string, file: string, at: string): void {
  if (isLintRuleId(id)) return;
  const near = closestId(id, LINT_RULES.map((r) => r.id));
  throw new InputError(file, at, `unknown lint rule id ${JSON.stringify(id)}`, `${near ? `did you mean "${near}"? ` : ''}the lint rule ids are listed in src/lint/README.md and by \`mcp-codegen lint --help\``);
}

/** The top-level policy, then the server's: its levels and thresholds override, ignore lists add up. */
export function mergeLintPolicies(...policies: Array<LintPolicy | undefined>): LintPolicy {
  const merged: LintPolicy = mergePolicies(...policies);
  for (const p of policies) {
    if (p?.descriptionBudget !== undefined) merged.descriptionBudget = p.descriptionBudget;
    if (p?.maxTools !== undefined) merged.maxTools = p.maxTools;
  }
  return merged;
}

function expectObject(value: unknown, file: string, at: string, expected: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new InputError(file, at, `expected ${expected}`);
  return value as Record<string, unknown>;
}
