import { visibleToModel } from '../../snapshot/mcp-apps.js';
import type { Tool } from '../../snapshot/types.js';

/**
 * What every model-facing output of the adapters leaves out, and why: one policy, which the
 * planner applies to each adapter's tools (plan.ts) and to an aggregate's flat tools (aggregate.ts).
 */

/** Why a model-facing output leaves a tool out. */
export type LeaveOutReason = 'not-visible-to-model';

/** The tools a model-facing output leaves out for one reason, by wire name (by flat name in an aggregate). */
export interface LeftOut {
  reason: LeaveOutReason;
  tools: string[];
}

/**
 * Why a model-facing output leaves a tool out, each with its test, the first that holds deciding:
 * the one policy every adapter's model-facing files follow (a task policy belongs here too).
 */
const LEAVE_OUT: ReadonlyArray<readonly [LeaveOutReason, (tool: Tool) => boolean]> = [
  // MCP Apps: a host MUST NOT give the model a tool whose visibility does not include "model".
  ['not-visible-to-model', (tool) => !visibleToModel(tool)],
];

/**
 * What a model-facing output offers of `items` (a client's tools, an aggregate's flat tools), in
 * their order, and what it leaves out, by why, each by `name` (its wire name, or its flat name). The
 * client class and the tool functions keep every tool: the app calls them.
 */
export function modelFacing<T>(
  items: readonly T[],
  toolOf: (item: T) => Tool,
  name: (item: T) => string,
): { offered: T[]; leftOut: LeftOut[] } {
  const offered: T[] = [];
  const left = new Map<LeaveOutReason, string[]>();
  for (const item of items) {
    const reason = LEAVE_OUT.find(([, leaves]) => leaves(toolOf(item)))?.[0];
    if (reason === undefined) offered.push(item);
    else left.set(reason, [...(left.get(reason) ?? []), name(item)]);
  }
  const leftOut = LEAVE_OUT.flatMap(([reason]) =>
    left.has(reason) ? [{ reason, tools: left.get(reason)! }] : [],
  );
  return { offered, leftOut };
}
