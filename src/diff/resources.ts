import { pointerToken } from '../shared/pointer.js';
import type { Resource, ResourceTemplate } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { entityId, pairBy, resourceKey, templateKey } from './entities.js';
import type { FindingList } from './findings.js';
import { jsonEqual, present } from './json.js';

export function compareResources(base: Resource[], head: Resource[], out: FindingList): void {
  for (const pair of pairBy(base, head, resourceKey)) {
    const entity = entityId('resource', pair.key);
    if (!pair.head) out.add('resource-removed', entity, '', pair.key, null);
    else if (!pair.base) out.add('resource-added', entity, '', null, pair.key);
    else compareFields(pair.base, pair.head, 'uri', 'resource', entity, out);
  }
}

/**
 * Templates are keyed by `uriTemplate`, so an edited template looks like one removed and one
 * added. When exactly one removed and one added template share a `name` (the reader defaults a
 * missing name to the uriTemplate, so unnamed templates never pair), that is one template whose
 * URI changed: `resource-template-uri-changed` on the old template's entity.
 */
export function compareTemplates(
  base: ResourceTemplate[],
  head: ResourceTemplate[],
  out: FindingList,
): void {
  const removed: ResourceTemplate[] = [];
  const added: ResourceTemplate[] = [];
  for (const pair of pairBy(base, head, templateKey)) {
    if (!pair.head) removed.push(pair.base!);
    else if (!pair.base) added.push(pair.head);
    else
      compareFields(
        pair.base,
        pair.head,
        'uriTemplate',
        'resource-template',
        entityId('resource-template', pair.key),
        out,
      );
  }
  const byName = (list: ResourceTemplate[], name: string) => list.filter((t) => t.name === name);
  const moved = new Set<ResourceTemplate>();
  for (const old of removed) {
    const candidates = byName(added, old.name);
    if (candidates.length !== 1 || byName(removed, old.name).length !== 1) continue;
    const now = candidates[0]!;
    const entity = entityId('resource-template', old.uriTemplate);
    out.add(
      'resource-template-uri-changed',
      entity,
      '/uriTemplate',
      old.uriTemplate,
      now.uriTemplate,
    );
    compareFields(old, now, 'uriTemplate', 'resource-template', entity, out);
    moved.add(old).add(now);
  }
  const entityOf = (t: ResourceTemplate) => entityId('resource-template', t.uriTemplate);
  for (const t of removed)
    if (!moved.has(t)) out.add('resource-template-removed', entityOf(t), '', t.uriTemplate, null);
  for (const t of added)
    if (!moved.has(t)) out.add('resource-template-added', entityOf(t), '', null, t.uriTemplate);
}

function compareFields(
  base: Record<string, unknown>,
  head: Record<string, unknown>,
  identity: string,
  kind: 'resource' | 'resource-template',
  entity: string,
  out: FindingList,
): void {
  const keys = new Set([...Object.keys(base), ...Object.keys(head)]);
  keys.delete(identity);
  for (const key of [...keys].sort(compareStrings)) {
    if (jsonEqual(base[key], head[key])) continue;
    const id =
      key === 'mimeType' ? (`${kind}-mime-type-changed` as const) : (`${kind}-changed` as const);
    out.add(id, entity, `/${pointerToken(key)}`, present(base[key]), present(head[key]));
  }
}
