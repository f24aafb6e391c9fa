import { agentSwitchesOn, type AgentSwitches } from '../../config/agent-switches.js';
import type { NamePlanner } from '../naming.js';
import { runtimeFile } from '../output-plan.js';
import type { AdapterModel, ModulePlans, ToolModel } from '../types.js';
import { modelFacing } from './leave-out.js';
import type { AdapterPlan, PlannedClient } from './types.js';

/**
 * The planner's side of the adapters' table: it iterates the rows it is given (the table of
 * src/emit/agents/adapters.ts) and names no framework. Each row's plan half says what is its own.
 */

/** The rows a server's config turns on, with what each needs, in the table's order. */
export function adaptersOn(
  table: readonly AdapterPlan[],
  switches: AgentSwitches | undefined,
): AdapterPlan[] {
  const on = agentSwitchesOn(switches);
  return table.filter((a) => on[a.key] === true);
}

/** Every row's fixed names, on or off: turning an adapter on renames nothing. */
export function reserveAdapterNames(types: NamePlanner, table: readonly AdapterPlan[]): void {
  for (const adapter of table) for (const name of adapter.reserved) types.reserve(name);
}

/** Whether an adapter on reads the Standard Schema objects: then every tool gets them. */
export const readsSchemaObjects = (active: readonly AdapterPlan[]): boolean =>
  active.some((a) => a.schemaObjects !== undefined);

/**
 * Each adapter on, as the model holds it: its files, its runtime modules, its tools, and the names
 * it claims, in the table's order (called once every other name is claimed).
 */
export function planAdapters(
  active: readonly AdapterPlan[],
  types: NamePlanner,
  className: string,
  tools: readonly ToolModel[],
  runtimeDir: string | undefined,
): AdapterModel[] {
  return active.map((a) => {
    const runtime = Object.fromEntries(
      (a.runtime ?? []).map((name) => [name, runtimeFile(name, runtimeDir)]),
    );
    const { offered, leftOut } = modelFacing(
      tools,
      (t) => t.tool,
      (t) => t.tool.name,
    );
    const objects = a.schemaObjects;
    return {
      key: a.key,
      files: { ...a.files },
      runtime,
      ...(objects
        ? { schemaObjects: { file: a.files[objects.file]!, runtime: runtime[objects.runtime]! } }
        : {}),
      names: a.claim?.(types, className) ?? {},
      offered,
      leftOut,
      ...(a.data ? { data: a.data(offered) } : {}),
    };
  });
}

/**
 * The modules of the adapters' files, and index.ts's re-exports of them after everything else the
 * client's own plan (module-plan.ts) has for it.
 */
export function withAdapterModules(
  model: PlannedClient,
  plans: ModulePlans,
  active: readonly AdapterPlan[],
): ModulePlans {
  const index = model.files.index;
  const rows = active.map((plan, i) => ({ plan, adapter: model.adapters[i]! }));
  const modules: ModulePlans = {
    ...plans,
    [index]: [
      ...(plans[index] ?? []),
      ...rows.flatMap(({ plan, adapter }) => plan.indexExports?.(model, adapter) ?? []),
    ],
  };
  for (const { plan, adapter } of rows) Object.assign(modules, plan.modules(model, adapter));
  return modules;
}

/**
 * Where the Standard Schema objects are (their file, and the runtime module they are made with): the
 * file of the adapter that plans them, which every framework adapter imports.
 */
export function schemaObjectsModule(model: PlannedClient): { file: string; runtime: string } {
  const found = model.adapters.find((a) => a.schemaObjects !== undefined)?.schemaObjects;
  if (found === undefined) throw new Error('no adapter on plans the Standard Schema objects');
  return found;
}
