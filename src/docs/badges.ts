import { isObject } from '../shared/json.js';
import type { Tool } from '../snapshot/types.js';
import type { Badge } from './page.js';

/**
 * The badges of a tool, in a fixed order: the hints it declares (`annotations`, `execution`,
 * `_meta.ui`) and whether its result type was sampled rather than declared. Hints are the server's
 * word, shown for review, never trusted: only hints set to true (or a task support other than the
 * default `forbidden`) make a badge, so an unannotated tool has none.
 */
export function toolBadges(tool: Tool, appOnly: boolean, sampled: boolean): Badge[] {
  const hints = isObject(tool.annotations) ? tool.annotations : {};
  const badges: Badge[] = [];
  if (hints.readOnlyHint === true)
    badges.push({
      id: 'read-only',
      label: 'read-only',
      meaning: 'does not modify its environment (readOnlyHint)',
    });
  if (hints.destructiveHint === true && hints.readOnlyHint !== true)
    badges.push({
      id: 'destructive',
      label: 'destructive',
      meaning: 'may perform destructive updates (destructiveHint)',
    });
  if (hints.idempotentHint === true)
    badges.push({
      id: 'idempotent',
      label: 'idempotent',
      meaning: 'calling it again with the same arguments has no further effect (idempotentHint)',
    });
  if (hints.openWorldHint === true)
    badges.push({
      id: 'open-world',
      label: 'open-world',
      meaning: 'reaches an open world of external entities (openWorldHint)',
    });
  if (appOnly)
    badges.push({
      id: 'app-only',
      label: 'app-only',
      meaning: 'not for the model: only an MCP App calls it (_meta.ui.visibility)',
    });
  const execution = isObject(tool.execution) ? tool.execution : {};
  if (execution.taskSupport === 'optional' || execution.taskSupport === 'required')
    badges.push({
      id: 'task',
      label: `task: ${execution.taskSupport}`,
      meaning:
        execution.taskSupport === 'required'
          ? 'must be called as a task; a plain call is refused (execution.taskSupport)'
          : 'may be called as a task (execution.taskSupport)',
    });
  if (sampled)
    badges.push({
      id: 'sampled',
      label: 'sampled result',
      meaning: 'its result type is inferred from sampled results, not declared by the server',
    });
  return badges;
}
