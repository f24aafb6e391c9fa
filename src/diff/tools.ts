import type { ErrorCodeConfig } from '../config/types.js';
import { decodePointerToken, pointerToken } from '../shared/pointer.js';
import type { Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { compareAnnotations } from './annotations.js';
import type { FindingList } from './findings.js';
import { isObject, jsonEqual, present } from './json.js';
import { toolUiResource, UI_META_POINTERS, visibleToModel } from '../snapshot/mcp-apps.js';
import type { JsonObject, JsonValue } from '../snapshot/types.js';
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
  compareApps(base, head, entity, out);
  const others = new Set(
    [...Object.keys(base), ...Object.keys(head)].filter((k) => !OWN_FIELDS.has(k)),
  );
  const [b, h] = [withoutAppsKeys(base), withoutAppsKeys(head)];
  for (const key of [...others].sort(compareStrings))
    compareMetadata(b[key], h[key], `/${pointerToken(key)}`, entity, out);
}

/**
 * MCP Apps: who may see the tool, and which view it names, by their effective values (the
 * deprecated flat key and `_meta.ui.resourceUri` naming the same URI are the same view).
 */
function compareApps(base: Tool, head: Tool, entity: string, out: FindingList): void {
  const [vb, vh] = [visibility(base), visibility(head)];
  if (!jsonEqual(vb, vh)) {
    const [mb, mh] = [visibleToModel(base), visibleToModel(head)];
    const way =
      mb && !mh
        ? 'now hidden from the model'
        : !mb && mh
          ? 'now visible to the model'
          : hasApp(vb) !== hasApp(vh)
            ? hasApp(vh)
              ? 'the app may now call it'
              : 'the app may no longer call it'
            : 'its audience changed';
    out.add('tool-visibility-changed', entity, '/_meta/ui/visibility', vb, vh, way);
  }
  const [ub, uh] = [toolUiResource(base)?.uri, toolUiResource(head)?.uri];
  if (ub !== uh)
    out.add('tool-metadata-changed', entity, '/_meta/ui/resourceUri', present(ub), present(uh));
}

const hasApp = (v: JsonValue) => Array.isArray(v) && v.includes('app');

/** The visibility array as the spec defaults it (absent: model and app); any other value as sent. */
function visibility(tool: Tool): JsonValue {
  const meta = isObject(tool._meta) ? tool._meta : {};
  const ui = isObject(meta.ui) ? meta.ui : {};
  return 'visibility' in ui ? ui.visibility! : ['model', 'app'];
}

/** The tool without the `_meta` keys `compareApps` compares (UI_META_POINTERS), so none is reported twice. */
function withoutAppsKeys(tool: Tool): Tool {
  if (!isObject(tool._meta)) return tool;
  const meta: JsonObject = { ...tool._meta };
  const ui = isObject(meta.ui) ? { ...meta.ui } : undefined;
  for (const pointer of UI_META_POINTERS) {
    const [, , first, second] = pointer.split('/').map(decodePointerToken);
    if (second === undefined) delete meta[first!];
    else if (ui && first === 'ui') delete ui[second];
  }
  if (ui) {
    if (Object.keys(ui).length) meta.ui = ui;
    else delete meta.ui;
  }
  return { ...tool, _meta: meta };
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
