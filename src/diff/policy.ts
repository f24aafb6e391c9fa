import {
  DIFF_POLICY_KEYS,
  type DiffIgnore,
  type DiffPolicy,
  RULE_LEVELS,
  type RuleLevel,
} from '../config/types.js';
import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { parseEntity } from './entities.js';
import { RULES } from './rules.js';
import type { Finding, SuppressedFinding } from './types.js';

/** Where a policy came from, so an error can point at it. */
export interface PolicySource {
  file: string;
  /** JSON pointer of the policy object in that file, e.g. `/diff` or `/servers/0/diff`. */
  at: string;
}

/** What differs between the diff and the lint policy: their keys, their registry, their wording. */
export interface PolicySpec {
  /** `diff policy`, `lint policy`. */
  noun: string;
  keys: readonly string[];
  /** The hint for an unknown key. */
  keysHint: string;
  /** `rule id`, `lint rule id`. */
  idNoun: string;
  ruleIds: readonly string[];
  /** An id to show in a hint, and where the ids are documented. */
  exampleId: string;
  idsListed: string;
  /** What an ignore entry accepts: a `change`, a `finding`. */
  accepts: string;
}

/** The spec of the `diff` or `lint` policy; the wording follows from the command, the ids from its registry. */
export function policySpec(
  command: 'diff' | 'lint',
  keys: readonly string[],
  rules: ReadonlyArray<{ id: string }>,
  example: { id: string; accepts: string; keysHint?: string },
): PolicySpec {
  const idNoun = command === 'diff' ? 'rule id' : `${command} rule id`;
  return {
    noun: `${command} policy`,
    keys,
    keysHint: example.keysHint ?? `a ${command} policy has ${keys.map((k) => `"${k}"`).join(', ')}`,
    idNoun,
    ruleIds: rules.map((r) => r.id),
    exampleId: example.id,
    idsListed: `the ${idNoun}s are listed in src/${command}/README.md and by \`mcp-codegen ${command} --help\``,
    accepts: example.accepts,
  };
}

const DIFF_SPEC = policySpec('diff', DIFF_POLICY_KEYS, RULES, {
  id: 'tool-description-changed',
  accepts: 'change',
  keysHint:
    'a diff policy has "rules" (levels per rule id) and "ignore" (a list of { rule, entity?, reason })',
});

/**
 * Check a policy before it is used: a misspelt rule id would otherwise silently ignore nothing.
 * Ignore entries match a rule id and optionally an entity, never message text (messages may be reworded).
 */
export function validatePolicy(
  policy: unknown,
  source: PolicySource = { file: 'diff policy', at: '' },
): DiffPolicy {
  if (policy === undefined) return {};
  return checkPolicy(policy, source, DIFF_SPEC) as DiffPolicy;
}

/** The checks every policy shares (keys, levels per known rule id, ignore entries); returns the policy object. */
export function checkPolicy(
  policy: unknown,
  source: PolicySource,
  spec: PolicySpec,
): Record<string, unknown> {
  const { file, at } = source;
  const obj = expectObject(
    policy,
    file,
    at,
    `a ${spec.noun} { ${spec.keys.map((k) => `${k}?`).join(', ')} }`,
  );
  for (const key of Object.keys(obj)) {
    if (!spec.keys.includes(key))
      throw new InputError(
        file,
        `${at}/${pointerToken(key)}`,
        `unknown ${spec.noun} key ${JSON.stringify(key)}`,
        spec.keysHint,
      );
  }
  if (obj.rules !== undefined) {
    const rules = expectObject(
      obj.rules,
      file,
      `${at}/rules`,
      `an object of ${spec.idNoun} → "error" | "warning" | "info" | "off"`,
    );
    for (const [id, level] of Object.entries(rules)) {
      const ptr = `${at}/rules/${pointerToken(id)}`;
      checkRuleId(id, file, ptr, spec);
      if (!RULE_LEVELS.includes(level as RuleLevel)) {
        throw new InputError(
          file,
          ptr,
          `invalid level ${JSON.stringify(level)} for rule ${id}`,
          `use one of ${RULE_LEVELS.map((l) => `"${l}"`).join(', ')}`,
        );
      }
    }
  }
  if (obj.ignore !== undefined) {
    if (!Array.isArray(obj.ignore))
      throw new InputError(file, `${at}/ignore`, 'expected an array of { rule, entity?, reason }');
    obj.ignore.forEach((entry, i) => checkIgnore(entry, file, `${at}/ignore/${i}`, spec));
  }
  return obj;
}

function checkIgnore(entry: unknown, file: string, at: string, spec: PolicySpec): void {
  const obj = expectObject(entry, file, at, 'an ignore entry { rule, entity?, reason }');
  for (const key of Object.keys(obj)) {
    if (!['rule', 'entity', 'reason'].includes(key)) {
      throw new InputError(
        file,
        `${at}/${pointerToken(key)}`,
        `unknown ignore key ${JSON.stringify(key)}`,
        'ignore entries match a rule id and an optional entity, never message text: { rule, entity?, reason }',
      );
    }
  }
  if (typeof obj.rule !== 'string')
    throw new InputError(
      file,
      `${at}/rule`,
      `expected a ${spec.idNoun} string`,
      `e.g. "${spec.exampleId}"`,
    );
  checkRuleId(obj.rule, file, `${at}/rule`, spec);
  if (obj.entity !== undefined && (typeof obj.entity !== 'string' || !parseEntity(obj.entity))) {
    throw new InputError(
      file,
      `${at}/entity`,
      `invalid entity ${JSON.stringify(obj.entity)}`,
      'use "tool:<name>", "resource:<uri>", "resource-template:<uriTemplate>", "prompt:<name>" or "server"',
    );
  }
  if (typeof obj.reason !== 'string' || obj.reason.trim() === '') {
    throw new InputError(
      file,
      `${at}/reason`,
      'every ignore entry needs a non-empty "reason"',
      `say why this ${spec.accepts} is accepted, so the exception is documented`,
    );
  }
}

function checkRuleId(id: string, file: string, at: string, spec: PolicySpec): void {
  if (spec.ruleIds.includes(id)) return;
  const near = closestId(id, spec.ruleIds);
  throw new InputError(
    file,
    at,
    `unknown ${spec.idNoun} ${JSON.stringify(id)}`,
    `${near ? `did you mean "${near}"? ` : ''}${spec.idsListed}`,
  );
}

/** Rules of the top-level policy, overridden by the server's; ignore lists add up. */
export function mergePolicies(...policies: Array<DiffPolicy | undefined>): DiffPolicy {
  const rules: Record<string, RuleLevel> = {};
  const ignore: DiffIgnore[] = [];
  for (const p of policies) {
    Object.assign(rules, p?.rules ?? {});
    ignore.push(...(p?.ignore ?? []));
  }
  return { rules, ignore };
}

/** Generic over the finding type: lint findings go through the same levels and ignores. */
export function applyPolicy<
  F extends Pick<Finding, 'id' | 'level' | 'entity' | 'pointer' | 'fingerprint'>,
>(findings: F[], policy: DiffPolicy): { findings: F[]; suppressed: SuppressedFinding[] } {
  const kept: F[] = [];
  const suppressed: SuppressedFinding[] = [];
  for (const finding of findings) {
    const level = policy.rules?.[finding.id];
    if (level === 'off') continue;
    const ignored = policy.ignore?.find(
      (i) => i.rule === finding.id && (i.entity === undefined || i.entity === finding.entity),
    );
    if (ignored) {
      suppressed.push({
        id: finding.id,
        entity: finding.entity,
        pointer: finding.pointer,
        fingerprint: finding.fingerprint,
        reason: ignored.reason,
      });
      continue;
    }
    kept.push(level ? { ...finding, level } : finding);
  }
  return { findings: kept, suppressed };
}

function expectObject(
  value: unknown,
  file: string,
  at: string,
  expected: string,
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InputError(file, at, `expected ${expected}`);
  return value as Record<string, unknown>;
}

/** The candidate nearest to a misspelt id, when it is near enough to be a likely typo (also used by lint's policy). */
function closestId(id: string, candidates: readonly string[]): string | undefined {
  let best: { id: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(id, candidate);
    if (!best || distance < best.distance) best = { id: candidate, distance };
  }
  return best && best.distance <= Math.max(3, Math.floor(id.length / 4)) ? best.id : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    }
    prev = row;
  }
  return prev[b.length]!;
}
