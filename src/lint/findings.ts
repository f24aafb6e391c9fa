import { createHash } from 'node:crypto';
import { canonicalJson } from '../diff/json.js';
import { lintRule, type LintRuleId } from './rules.js';
import type { LintFinding } from './types.js';

/**
 * Collects findings with the rule's default level. `evidence` is what was found (a character list,
 * a matched phrase, a count): it goes into the fingerprint, the message does not, so rewording a
 * message or overriding a level keeps every fingerprint.
 */
export class LintFindings {
  readonly items: LintFinding[] = [];

  add(id: LintRuleId, entity: string, pointer: string, evidence: string, message: string): void {
    this.items.push({
      id,
      level: lintRule(id).level,
      entity,
      pointer,
      message,
      fingerprint: createHash('sha256')
        .update(canonicalJson([id, entity, pointer, evidence]))
        .digest('hex')
        .slice(0, 16),
    });
  }
}
