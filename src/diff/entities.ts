import type { Prompt, Resource, ResourceTemplate, Tool } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';

/**
 * Entity ids name what a finding is about, in reports and in policy ignore entries:
 * `tool:<name>`, `resource:<uri>`, `resource-template:<uriTemplate>`, `prompt:<name>`,
 * `ui-resource:<uri>` (an MCP Apps UI resource as discovery read it, listed or not), `server`.
 */
const ENTITY_KINDS = [
  'server',
  'tool',
  'resource',
  'resource-template',
  'prompt',
  'ui-resource',
] as const;
export type EntityKind = (typeof ENTITY_KINDS)[number];

export const SERVER_ENTITY = 'server';

export function entityId(kind: Exclude<EntityKind, 'server'>, key: string): string {
  return `${kind}:${key}`;
}

export function parseEntity(entity: string): { kind: EntityKind; key: string } | undefined {
  if (entity === SERVER_ENTITY) return { kind: 'server', key: '' };
  const colon = entity.indexOf(':');
  if (colon < 0) return undefined;
  const kind = entity.slice(0, colon) as EntityKind;
  return ENTITY_KINDS.includes(kind) && kind !== 'server'
    ? { kind, key: entity.slice(colon + 1) }
    : undefined;
}

/** `tool "search"`: how messages name an entity (JSON quoting keeps untrusted names on one line). */
export function entitySubject(entity: string): string {
  const parsed = parseEntity(entity);
  if (!parsed || parsed.kind === 'server') return entity;
  return `${parsed.kind === 'ui-resource' ? 'UI resource' : parsed.kind.replace('-', ' ')} ${JSON.stringify(parsed.key)}`;
}

/** Report order: server first, then tools, resources, templates, prompts, UI resources; each by key in code-unit order. */
export function compareEntities(a: string, b: string): number {
  const pa = parseEntity(a);
  const pb = parseEntity(b);
  const ra = pa ? ENTITY_KINDS.indexOf(pa.kind) : ENTITY_KINDS.length;
  const rb = pb ? ENTITY_KINDS.indexOf(pb.kind) : ENTITY_KINDS.length;
  return ra - rb || compareStrings(pa?.key ?? a, pb?.key ?? b);
}

export interface Keyed<T> {
  key: string;
  base?: T;
  head?: T;
}

/** Pair up two lists by identity; the result is sorted by key so the walk is deterministic. */
export function pairBy<T>(
  base: readonly T[],
  head: readonly T[],
  keyOf: (item: T) => string,
): Keyed<T>[] {
  const pairs = new Map<string, Keyed<T>>();
  for (const item of base) pairs.set(keyOf(item), { key: keyOf(item), base: item });
  for (const item of head) {
    const key = keyOf(item);
    const pair = pairs.get(key);
    if (pair) pair.head = item;
    else pairs.set(key, { key, head: item });
  }
  return [...pairs.values()].sort((a, b) => compareStrings(a.key, b.key));
}

export const toolKey = (t: Tool) => t.name;
export const resourceKey = (r: Resource) => r.uri;
export const templateKey = (t: ResourceTemplate) => t.uriTemplate;
export const promptKey = (p: Prompt) => p.name;
