import type { ErrorCodeConfig } from '../config/types.js';
import { pointerToken } from '../shared/pointer.js';
import type { Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { compareAnnotations } from './annotations.js';
import type { FindingList } from './findings.js';
import { isObject, jsonEqual, present } from './json.js';
import { compareOutput } from './output.js';
import { compareSchemas } from './schema-compare.js';

/** Fields with their own rules; any other field of a tool is compared as metadata. */
// prettier-ignore
const OWN_FIELDS = new Set(['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'execution']);

export function compareTool(
  base: Tool,
  head: Tool,
  entity: string,
  out: FindingList,
  errorCodes?: ErrorCodeConfig,
): void {
  // Most tools of a catalog are unchanged between two snapshots: one equality check settles them.
  // (Error codes from the config are the same on both sides, so they cannot differ either.)
  if (jsonEqual(base, head)) return;
  if (base.title !== head.title)
    out.add('tool-title-changed', entity, '/title', present(base.title), present(head.title));
  if (base.description !== head.description) {
    out.add(
      'tool-description-changed',
      entity,
      '/description',
      present(base.description),
      present(head.description),
    );
  }
  if (!jsonEqual(base.inputSchema, head.inputSchema)) {
    const changes = compareSchemas({
      direction: 'input',
      base: base.inputSchema,
      head: head.inputSchema,
      pointer: '/inputSchema',
      baseRoot: base.inputSchema,
      headRoot: head.inputSchema,
    });
    for (const c of changes) out.add(c.id, entity, c.pointer, c.before, c.after);
  }
  compareOutput(base, head, entity, out, errorCodes);
  compareAnnotations(base, head, entity, out);
  compareExecution(base, head, entity, out);
  const others = new Set(
    [...Object.keys(base), ...Object.keys(head)].filter((k) => !OWN_FIELDS.has(k)),
  );
  for (const key of [...others].sort(compareStrings))
    compareMetadata(base[key], head[key], `/${pointerToken(key)}`, entity, out);
}

/** `execution.taskSupport` defaults to "forbidden" (spec 2025-11-25). */
function compareExecution(base: Tool, head: Tool, entity: string, out: FindingList): void {
  const eb = isObject(base.execution) ? base.execution : {};
  const eh = isObject(head.execution) ? head.execution : {};
  const support = (e: Record<string, unknown>) =>
    typeof e.taskSupport === 'string' ? e.taskSupport : 'forbidden';
  if (support(eb) !== support(eh))
    out.add(
      'tool-task-support-changed',
      entity,
      '/execution/taskSupport',
      support(eb),
      support(eh),
    );
  const others = new Set(
    [...Object.keys(eb), ...Object.keys(eh)].filter((k) => k !== 'taskSupport'),
  );
  for (const key of [...others].sort(compareStrings))
    compareMetadata(eb[key], eh[key], `/execution/${pointerToken(key)}`, entity, out);
}

/** `_meta` is reported per key (servers put unrelated things there); other fields as a whole. */
function compareMetadata(
  before: unknown,
  after: unknown,
  pointer: string,
  entity: string,
  out: FindingList,
): void {
  if (jsonEqual(before, after)) return;
  if (pointer === '/_meta' && isObject(before) && isObject(after)) {
    const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
    for (const key of [...keys].sort(compareStrings))
      compareMetadata(before[key], after[key], `${pointer}/${pointerToken(key)}`, entity, out);
    return;
  }
  out.add('tool-metadata-changed', entity, pointer, present(before), present(after));
}
