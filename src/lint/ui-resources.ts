import { entityId } from '../diff/entities.js';
import { toolUiResource } from '../snapshot/mcp-apps.js';
import { isObject } from '../shared/json.js';
import type { LintContext } from './context.js';
import { subjectOf, toolEntity, toolSubject } from './context.js';
import { quote } from './text.js';

/**
 * MCP Apps (`io.modelcontextprotocol/ui`): each UI resource declares a CSP (hosts require one to
 * accept an app), tools name their view by `_meta.ui.resourceUri`, and every view they name could
 * be read when the snapshot was taken.
 */
export function checkUiResources(ctx: LintContext): void {
  const { snapshot } = ctx;
  const byUri = new Map((snapshot.uiResources ?? []).map((r) => [r.uri, r]));
  for (const resource of snapshot.uiResources ?? []) {
    if (resource.error || isObject(resource.ui?.csp)) continue;
    const entity = entityId('ui-resource', resource.uri);
    ctx.out.add(
      'ui-resource-without-csp',
      entity,
      '/ui/csp',
      '',
      `${subjectOf(entity)}: no _meta.ui.csp; hosts then allow the view no network access at all, and some refuse to list an app without one: declare connectDomains and resourceDomains (an empty csp declares that it needs none)`,
    );
  }
  for (const tool of snapshot.tools) {
    const named = toolUiResource(tool);
    if (named === undefined) continue;
    const subject = toolSubject(tool.name);
    const pointer = named.deprecatedKey ? '/_meta/ui~1resourceUri' : '/_meta/ui/resourceUri';
    if (named.deprecatedKey)
      ctx.out.add(
        'ui-deprecated-resource-uri-key',
        toolEntity(tool.name),
        pointer,
        named.uri,
        `${subject}: names its view by the deprecated _meta["ui/resourceUri"]; set _meta.ui.resourceUri (keep the old key too while older hosts need it)`,
      );
    const error = byUri.get(named.uri)?.error;
    if (error)
      ctx.out.add(
        'ui-resource-unreadable',
        toolEntity(tool.name),
        pointer,
        named.uri,
        `${subject}: its view ${quote(named.uri, 120)} could not be read when the snapshot was taken (${quote(error.message, 160)}); hosts have nothing to show for it`,
      );
  }
}
