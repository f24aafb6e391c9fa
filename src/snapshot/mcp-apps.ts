import { compareStrings } from '../shared/compare.js';
import { isObject } from '../shared/json.js';
import type { Tool } from './types.js';

/**
 * MCP Apps (extension `io.modelcontextprotocol/ui`): what a tool's `_meta` says about its UI.
 * Every stage that asks reads it here, so the client, the adapters, the diff and the lint agree.
 * `_meta` is an untrusted hint: these read it, they never act on it.
 */

/**
 * The spec's rule, read strictly: a host MUST NOT give the model a tool whose visibility does not
 * include `"model"`. Absent visibility means `["model", "app"]`; `[]`, `["app"]` and unknown
 * scopes alone are not visible, and neither is a visibility that is not an array.
 */
export function visibleToModel(tool: Tool): boolean {
  const ui = uiMeta(tool);
  if (ui === undefined || !('visibility' in ui)) return true;
  const visibility = ui.visibility;
  return Array.isArray(visibility) && visibility.includes('model');
}

/** How a tool names its UI resource, and under which key: `_meta.ui.resourceUri`, else the deprecated flat `_meta["ui/resourceUri"]`. */
export interface ToolUiResource {
  uri: string;
  deprecatedKey: boolean;
}

export function toolUiResource(tool: Tool): ToolUiResource | undefined {
  const ui = uiMeta(tool);
  if (ui !== undefined && typeof ui.resourceUri === 'string')
    return { uri: ui.resourceUri, deprecatedKey: false };
  const meta = tool._meta;
  const flat = isObject(meta) ? meta['ui/resourceUri'] : undefined;
  return typeof flat === 'string' ? { uri: flat, deprecatedKey: true } : undefined;
}

/** The `ui://` URIs the snapshot's tools name (what discovery reads), each once, in code-unit order. */
export function namedUiUris(snapshot: { tools: readonly Tool[] }): string[] {
  const uris = new Set<string>();
  for (const tool of snapshot.tools) {
    const uri = toolUiResource(tool)?.uri;
    if (uri !== undefined && isUiUri(uri)) uris.add(uri);
  }
  return [...uris].sort(compareStrings);
}

/** A URI of the `ui:` scheme (schemes compare without case), the only ones read as UI resources. */
function isUiUri(uri: string): boolean {
  return /^ui:\/\//i.test(uri);
}

/** The JSON pointers, under a tool, of the keys this module reads: a diff of `_meta` leaves them to the MCP Apps rules. */
export const UI_META_POINTERS: readonly string[] = [
  '/_meta/ui/visibility',
  '/_meta/ui/resourceUri',
  '/_meta/ui~1resourceUri',
];

function uiMeta(tool: Tool): Record<string, unknown> | undefined {
  const meta = tool._meta;
  const ui = isObject(meta) ? meta.ui : undefined;
  return isObject(ui) ? ui : undefined;
}
