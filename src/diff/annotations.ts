import { pointerToken } from '../shared/pointer.js';
import type { Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import type { FindingList } from './findings.js';
import { jsonEqual, present } from './json.js';
import type { RuleId } from './rules.js';

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;
type Hint = (typeof HINTS)[number];

/**
 * The annotation values a client acts on, with the spec's defaults filled in: readOnlyHint false,
 * destructiveHint true, idempotentHint false, openWorldHint true. destructiveHint and
 * idempotentHint only mean something for a tool that is not read-only; a read-only tool changes
 * nothing, so it counts as non-destructive and idempotent. Writing a default explicitly is then no change.
 */
export function effectiveHints(tool: Tool): Record<Hint, boolean> {
  const a = tool.annotations ?? {};
  const flag = (value: unknown, fallback: boolean) =>
    typeof value === 'boolean' ? value : fallback;
  const readOnly = flag(a.readOnlyHint, false);
  return {
    readOnlyHint: readOnly,
    destructiveHint: readOnly ? false : flag(a.destructiveHint, true),
    idempotentHint: readOnly ? true : flag(a.idempotentHint, false),
    openWorldHint: flag(a.openWorldHint, true),
  };
}

/** The risky direction of each hint gets its own rule; the other direction is info. */
const RISKY: Record<Hint, { from: boolean; id: RuleId }> = {
  readOnlyHint: { from: true, id: 'tool-annotation-read-only-removed' },
  destructiveHint: { from: false, id: 'tool-annotation-destructive-added' },
  idempotentHint: { from: true, id: 'tool-annotation-idempotent-removed' },
  openWorldHint: { from: false, id: 'tool-annotation-open-world-added' },
};

export function compareAnnotations(base: Tool, head: Tool, entity: string, out: FindingList): void {
  const before = effectiveHints(base);
  const after = effectiveHints(head);
  for (const hint of HINTS) {
    if (before[hint] === after[hint]) continue;
    const id = before[hint] === RISKY[hint].from ? RISKY[hint].id : 'tool-annotation-changed';
    out.add(id, entity, `/annotations/${hint}`, before[hint], after[hint]);
  }
  const a = base.annotations ?? {};
  const b = head.annotations ?? {};
  const others = new Set(
    [...Object.keys(a), ...Object.keys(b)].filter((k) => !(HINTS as readonly string[]).includes(k)),
  );
  for (const key of [...others].sort(compareStrings)) {
    if (!jsonEqual(a[key], b[key]))
      out.add(
        'tool-annotation-changed',
        entity,
        `/annotations/${pointerToken(key)}`,
        present(a[key]),
        present(b[key]),
      );
  }
}
