import { pointerToken } from '../shared/pointer.js';
import type { Prompt, PromptArgument } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { entityId, pairBy, promptKey } from './entities.js';
import type { FindingList } from './findings.js';
import { jsonEqual, present } from './json.js';

export function comparePrompts(base: Prompt[], head: Prompt[], out: FindingList): void {
  for (const pair of pairBy(base, head, promptKey)) {
    const entity = entityId('prompt', pair.key);
    if (!pair.head) out.add('prompt-removed', entity, '', pair.key, null);
    else if (!pair.base) out.add('prompt-added', entity, '', null, pair.key);
    else comparePrompt(pair.base, pair.head, entity, out);
  }
}

/**
 * Arguments are a list keyed by name, so their pointers use the name (`/arguments/city`), not the
 * index: reordering arguments changes no pointer and no fingerprint.
 */
function comparePrompt(base: Prompt, head: Prompt, entity: string, out: FindingList): void {
  compareOtherFields(base, head, ['name', 'arguments'], '', entity, out);
  for (const pair of pairBy(base.arguments ?? [], head.arguments ?? [], (a) => a.name)) {
    const at = `/arguments/${pointerToken(pair.key)}`;
    if (!pair.head) out.add('prompt-argument-removed', entity, at, present(pair.base), null);
    else if (!pair.base)
      out.add(
        pair.head.required === true ? 'prompt-argument-required-added' : 'prompt-argument-added',
        entity,
        at,
        null,
        present(pair.head),
      );
    else compareArgument(pair.base, pair.head, at, entity, out);
  }
}

function compareArgument(
  base: PromptArgument,
  head: PromptArgument,
  at: string,
  entity: string,
  out: FindingList,
): void {
  const required = (a: PromptArgument) => a.required === true;
  if (!required(base) && required(head))
    out.add('prompt-argument-became-required', entity, `${at}/required`, false, true);
  if (required(base) && !required(head))
    out.add('prompt-argument-became-optional', entity, `${at}/required`, true, false);
  compareOtherFields(base, head, ['name', 'required'], at, entity, out);
}

/** Every field without a rule of its own (`title`, `description`, unknown ones) is `prompt-changed`. */
function compareOtherFields(
  base: Record<string, unknown>,
  head: Record<string, unknown>,
  own: readonly string[],
  at: string,
  entity: string,
  out: FindingList,
): void {
  const keys = new Set(
    [...Object.keys(base), ...Object.keys(head)].filter((k) => !own.includes(k)),
  );
  for (const key of [...keys].sort(compareStrings)) {
    const [before, after] = [base[key], head[key]];
    if (!jsonEqual(before, after))
      out.add(
        'prompt-changed',
        entity,
        `${at}/${pointerToken(key)}`,
        present(before),
        present(after),
      );
  }
}
