import { compareStrings } from '../shared/compare.js';
import { pointerToken } from '../shared/pointer.js';
import { namedUiUris, toolUiResource } from '../snapshot/mcp-apps.js';
import type { JsonObject, JsonValue, Snapshot, UiResource } from '../snapshot/types.js';
import { entityId, pairBy, SERVER_ENTITY } from './entities.js';
import type { FindingList } from './findings.js';
import { isObject, jsonEqual, present } from './json.js';

/** The CSP lists of MCP Apps' `_meta.ui.csp`: each entry is a domain the view may reach. */
const CSP_LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'];

/** The client capabilities discovery declared: absent is none (`{}`). */
export function compareClientCapabilities(base: Snapshot, head: Snapshot, out: FindingList): void {
  const before = base.clientCapabilities ?? {};
  const after = head.clientCapabilities ?? {};
  if (!jsonEqual(before, after))
    out.add('client-capabilities-changed', SERVER_ENTITY, '/clientCapabilities', before, after);
}

/**
 * The UI resources discovery read, paired by URI. A snapshot that names `ui://` resources but
 * recorded none (written before discovery read them) says nothing about them, so nothing is
 * compared; one whose tools name none has none, and a resource it lost is reported.
 */
export function compareUiResources(base: Snapshot, head: Snapshot, out: FindingList): void {
  if (unread(base) || unread(head)) return;
  for (const pair of pairBy(base.uiResources ?? [], head.uiResources ?? [], (r) => r.uri)) {
    const entity = entityId('ui-resource', pair.key);
    const [b, h] = [pair.base, pair.head];
    if (b && !b.error && (!h || h.error)) removed(b, h, head, entity, out);
    else if (h && !h.error) compareReadable(b && !b.error ? b : undefined, h, entity, out, b);
  }
}

function unread(snapshot: Snapshot): boolean {
  return snapshot.uiResources === undefined && namedUiUris(snapshot).length > 0;
}

function removed(
  base: UiResource,
  head: UiResource | undefined,
  snapshot: Snapshot,
  entity: string,
  out: FindingList,
): void {
  const users = snapshot.tools
    .filter((t) => toolUiResource(t)?.uri === base.uri)
    .map((t) => t.name);
  const after = head?.error ? { error: head.error.message } : null;
  if (users.length === 0) {
    const why = head?.error ? ` (its read now fails: ${JSON.stringify(head.error.message)})` : '';
    out.add('ui-resource-removed', entity, '', base.uri, after, why ? why.slice(1) : undefined);
    return;
  }
  const named = `${users.length === 1 ? 'tool' : 'tools'} ${users.map((n) => JSON.stringify(n)).join(', ')}`;
  out.add('ui-resource-removed-in-use', entity, '', base.uri, after, named);
}

/** `base` undefined: a new UI resource, or one that could not be read before; every domain and permission it has is new. */
function compareReadable(
  base: UiResource | undefined,
  head: UiResource,
  entity: string,
  out: FindingList,
  unreadable: UiResource | undefined,
): void {
  const bUi = base?.ui ?? {};
  const hUi = head.ui ?? {};
  const bCsp = asObject(bUi.csp);
  const hCsp = asObject(hUi.csp);
  for (const list of CSP_LISTS) {
    const before = strings(bCsp[list]);
    const after = strings(hCsp[list]);
    const at = `/ui/csp/${list}`;
    for (const domain of after)
      if (!before.includes(domain)) out.add('ui-csp-domain-added', entity, at, null, domain);
    for (const domain of before)
      if (!after.includes(domain)) out.add('ui-csp-domain-removed', entity, at, domain, null);
  }
  const bPerm = asObject(bUi.permissions);
  const hPerm = asObject(hUi.permissions);
  for (const key of sortedKeys(bPerm, hPerm)) {
    const at = `/ui/permissions/${pointerToken(key)}`;
    if (!(key in bPerm)) out.add('ui-permission-added', entity, at, null, hPerm[key]!);
    else if (!jsonEqual(bPerm[key], hPerm[key]))
      out.add('ui-resource-changed', entity, at, bPerm[key]!, present(hPerm[key]));
  }
  if (base === undefined && unreadable === undefined) return;
  if (base?.sha256 !== head.sha256) {
    const sizes =
      base?.bytes !== undefined && head.bytes !== undefined
        ? `${base.bytes} → ${head.bytes} bytes`
        : undefined;
    const hint = base ? sizes : 'it can be read again';
    out.add(
      'ui-resource-content-changed',
      entity,
      '/sha256',
      present(base?.sha256),
      present(head.sha256),
      hint,
    );
  }
  if (base === undefined) return;
  if (base.mimeType !== head.mimeType)
    out.add(
      'ui-resource-changed',
      entity,
      '/mimeType',
      present(base.mimeType),
      present(head.mimeType),
    );
  // The rest of `_meta.ui` (domain, prefersBorder, CSP keys beyond the lists, unknown keys), per key.
  const rest = (ui: JsonObject, csp: JsonObject): JsonObject => {
    const { permissions: _compared, ...others } = ui;
    return { ...others, csp: omit(csp, CSP_LISTS) };
  };
  const [rb, rh] = [rest(bUi, bCsp), rest(hUi, hCsp)];
  for (const key of sortedKeys(rb, rh))
    if (!jsonEqual(rb[key], rh[key]))
      out.add(
        'ui-resource-changed',
        entity,
        `/ui/${pointerToken(key)}`,
        present(rb[key]),
        present(rh[key]),
      );
}

function asObject(value: JsonValue | undefined): JsonObject {
  return isObject(value) ? value : {};
}

function strings(value: JsonValue | undefined): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function omit(obj: JsonObject, keys: readonly string[]): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(obj)) if (!keys.includes(k)) out[k] = v;
  return out;
}

function sortedKeys(a: JsonObject, b: JsonObject): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareStrings);
}
