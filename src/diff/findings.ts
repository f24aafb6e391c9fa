import type { JsonValue } from '../snapshot/types.js';
import { entitySubject } from './entities.js';
import { fingerprint } from './fingerprint.js';
import { rule, type RuleId } from './rules.js';
import type { Finding } from './types.js';

/** Collects findings; the message is rendered here, from the rule's template, once. */
export class FindingList {
  readonly items: Finding[] = [];

  add(
    id: RuleId,
    entity: string,
    pointer: string,
    before: JsonValue,
    after: JsonValue,
    hint?: string,
  ): void {
    const definition = rule(id);
    this.items.push({
      id,
      level: definition.level,
      entity,
      pointer,
      before,
      after,
      message: definition.message({ subject: entitySubject(entity), pointer, before, after, hint }),
      fingerprint: fingerprint(id, entity, pointer, before, after),
    });
  }
}
