import { posix } from 'node:path';
import type { AggregateConfig } from '../../config/types.js';
import type {
  AggregateAdapterModel,
  AggregateServerModel,
  FlatToolModel,
} from '../aggregate-types.js';
import { moduleSpecifier } from '../module-plan.js';
import type { ClientModel } from '../types.js';
import { modelFacing } from './leave-out.js';
import type { AdapterPlan } from './types.js';

/**
 * The adapters of an aggregate (config `aggregate.agents`), each made from the same adapter of every
 * server it joins (config validation made sure each has it on): their files, the names the aggregate
 * claimed for them, each server's module they import, and the flat tools they offer.
 */
export function planAggregateAdapters(
  config: AggregateConfig,
  table: readonly AdapterPlan[],
  /** What each row of the table claimed, in the table's order. */
  claimed: ReadonlyArray<Record<string, string>>,
  members: ReadonlyArray<{ name: string; model: ClientModel; dir: string }>,
  servers: readonly AggregateServerModel[],
  flat: readonly FlatToolModel[],
  /** The folder of the runtime the aggregate imports, relative to its own. */
  runtimeDir: string,
): AggregateAdapterModel[] {
  return table.flatMap((plan, row) => {
    if (config.agents?.[plan.key] !== true) return [];
    const { files, serverModule, data } = plan.aggregate;
    const from = serverModule === undefined ? undefined : files[serverModule]!;
    const modules = Object.fromEntries(
      from === undefined
        ? []
        : members.map((m, i) => [servers[i]!.key, serverModuleOf(plan, serverModule!, from, m)]),
    );
    const { offered, leftOut } = modelFacing(
      flat,
      (f) => f.tool.tool,
      (f) => f.name,
    );
    const runtime = Object.fromEntries(
      (plan.aggregate.runtime ?? []).map((name) => [
        name,
        moduleSpecifier('index.ts', posix.join(runtimeDir, name)),
      ]),
    );
    return [
      {
        key: plan.key,
        files: { ...files },
        runtime,
        names: claimed[row]!,
        modules,
        offered,
        leftOut,
        ...(data ? { data: data(offered) } : {}),
      },
    ];
  });
}

/** A server's module of the adapter, as the aggregate's file imports it. */
function serverModuleOf(
  plan: AdapterPlan,
  role: string,
  from: string,
  member: { name: string; model: ClientModel; dir: string },
): string {
  const own = member.model.adapters.find((a) => a.key === plan.key)?.files[role];
  if (own === undefined) throw new Error(`server ${member.name} has no ${plan.key} module`);
  return moduleSpecifier(from, `${member.dir}/${own}`);
}
