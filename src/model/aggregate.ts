/**
 * The names of an aggregate client (config `aggregate`, issue 27): one module over several servers'
 * generated clients. Each server keeps its own client under its key (`tools.notes.search`); the flat
 * surface, which the agent adapters read, is named here by the conflict policy. Two
 * tools collide when their names become the same identifier (`get-user` and `get_user` as `getUser`),
 * not only when the names are equal.
 */
import { posix } from 'node:path';
import type { AggregateConfig } from '../config/types.js';
import { InputError } from '../shared/errors.js';
import { plural } from '../shared/plural.js';
import { moduleSpecifier } from './module-plan.js';
import {
  NamePlanner,
  RESERVED_MEMBER_NAMES,
  RESERVED_TYPE_NAMES,
  camelCase,
  pascalCase,
} from './naming.js';
import type { ClientModel, ToolModel } from './types.js';
import type { AggregateModel, AggregateServerModel, FlatToolModel } from './aggregate-types.js';
import { planAggregateAdapters } from './adapters/aggregate.js';
import type { AdapterPlan } from './adapters/types.js';

export type { AggregateModel, FlatToolModel } from './aggregate-types.js';

/** One server of the aggregate: its config name, its client's model, and its output folder relative to the aggregate's. */
export interface AggregateMemberInput {
  name: string;
  model: ClientModel;
  /** `/`-separated, e.g. `../notes`. */
  dir: string;
}

/**
 * What the aggregate module exports or imports by fixed name, and the class's `catalog` member: no
 * server key or flat tool may take one. The adapters reserve their own (src/model/adapters/).
 */
const FIXED_NAMES = [
  'catalog',
  'AggregateCatalog',
  'AggregateChange',
  'AggregateConflict',
  'AggregateMonitor',
  'AggregateVerification',
];

/**
 * The fixed names of the aggregate's framework adapter files (src/emit/agents/aggregate-rename.ts),
 * beside the server keys they import each server's module as: the parameter, and the helper that
 * gives a server's tool its flat name. `clients` is index.ts's parameter too.
 */
export const AGGREGATE_AGENT_NAMES = {
  clients: 'clients',
  byServer: 'serverTools',
  rename: 'renamedTool',
  renamedType: 'RenamedTool',
} as const;

export function planAggregate(
  config: AggregateConfig,
  members: readonly AggregateMemberInput[],
  file: string | undefined,
  /** The adapters' table (src/emit/agents/adapters.ts). */
  table: readonly AdapterPlan[],
): AggregateModel {
  const values = new NamePlanner(new Set([...RESERVED_TYPE_NAMES, ...RESERVED_MEMBER_NAMES]));
  const base = pascalCase(config.name, 'Aggregate');
  const className = values.claim(`${base}Client`);
  const clientsType = values.claim(`${base}Clients`);
  const optionsType = values.claim(`${base}ClientOptions`);
  const restType = values.claim(`${base}ToolArguments`);
  const claimed = table.map((a) => a.aggregate.claim?.(values, base) ?? {});
  [
    ...FIXED_NAMES,
    ...Object.values(AGGREGATE_AGENT_NAMES),
    ...table.flatMap((a) => a.aggregate.reserved),
  ].forEach((name) => values.reserve(name));
  const index = 'index.ts';
  const servers = members.map((m) => ({
    serverName: m.name,
    key: values.claim(camelCase(m.name, 'server')),
    specifier: moduleSpecifier(index, `${m.dir}/index.ts`),
    model: m.model,
  }));
  const { flat, warnings } = flatNames(config, servers, values, file);
  // A shared runtime holds the aggregate's guard; a client's own copy does not.
  const { dir, model: first } = members[0]!;
  const shared = first.files.runtimeShared === true;
  const runtimeDir = shared ? posix.join(dir, posix.dirname(first.files.runtime)) : '.';
  return {
    name: config.name,
    className,
    clientsType,
    optionsType,
    restType,
    servers,
    flat,
    warnings,
    runtimeAggregate: moduleSpecifier(index, posix.join(runtimeDir, 'runtime-aggregate.ts')),
    runtimeCopy: !shared,
    files: { index },
    adapters: planAggregateAdapters(config, table, claimed, members, servers, flat, runtimeDir),
  };
}

type Candidate = { server: AggregateServerModel; tool: ToolModel; identifier: string };

function flatNames(
  config: AggregateConfig,
  servers: readonly AggregateServerModel[],
  values: NamePlanner,
  file: string | undefined,
): { flat: FlatToolModel[]; warnings: string[] } {
  // Grouped by the identifier each tool's name becomes, in the servers' listed order.
  const groups = new Map<string, Candidate[]>();
  for (const server of servers)
    for (const tool of server.model.tools) {
      const identifier = camelCase(tool.tool.name, 'tool');
      groups.set(identifier, [...(groups.get(identifier) ?? []), { server, tool, identifier }]);
    }
  // Two tools of one server that become one identifier are its own client's business (it names them
  // getUser and getUser2): only tools of different servers collide here.
  const servedBy = (group: readonly Candidate[]) => new Set(group.map((c) => c.server)).size;
  const colliding = [...groups.values()].filter((g) => servedBy(g) > 1);
  if (config.conflicts === 'error' && colliding.length > 0)
    throw new InputError(
      file ?? 'the config',
      '/aggregate/conflicts',
      `aggregate "${config.name}": ${plural(colliding.length, 'flat name')} collide${colliding.length === 1 ? 's' : ''}:\n${colliding.map(collisionLine).join('\n')}`,
      `set aggregate.conflicts to 'prefix' (rename the colliding tools by server) or 'priority' (the first-listed server wins); each stays callable as tools.<server>.<tool>`,
    );
  const warnings: string[] = [];
  const kept: Candidate[] = [];
  const prefixed: Candidate[] = [];
  for (const group of groups.values()) {
    if (config.conflicts === 'prefix' && (config.prefixAll === true || servedBy(group) > 1)) {
      prefixed.push(...group);
      continue;
    }
    const first = group[0]!.server;
    kept.push(...group.filter((c) => c.server === first));
    for (const hidden of group.filter((c) => c.server !== first))
      warnings.push(
        `aggregate ${config.name}: the tool ${JSON.stringify(hidden.tool.tool.name)} of server "${hidden.server.serverName}" is hidden from the flat surface by ${JSON.stringify(group[0]!.tool.tool.name)} of server "${group[0]!.server.serverName}" (both \`${hidden.identifier}\`); it is still ${hidden.server.key}.${hidden.tool.method}`,
      );
  }
  // Unprefixed names first, so a prefixed name that happens to equal one gets the suffix, not it.
  const named = [
    ...kept.map((c) => ({ c, name: values.claim(c.identifier) })),
    ...prefixed.map((c) => ({
      c,
      name: values.claim(camelCase(`${c.server.serverName} ${c.tool.tool.name}`, 'tool')),
    })),
  ];
  const order = new Map(servers.map((s, i) => [s, i]));
  const flat = named
    .map(({ c, name }) => ({ name, server: c.server, tool: c.tool }))
    .sort(
      (x, y) =>
        order.get(x.server)! - order.get(y.server)! ||
        x.server.model.tools.indexOf(x.tool) - y.server.model.tools.indexOf(y.tool),
    );
  return { flat, warnings };
}

// One line a collision: the shared identifier, then each tool's wire name and server, in listed order.
function collisionLine(group: readonly Candidate[]): string {
  const tools = group.map(
    (c) => `${JSON.stringify(c.tool.tool.name)} of server ${JSON.stringify(c.server.serverName)}`,
  );
  const listed =
    tools.length > 2 ? `${tools.slice(0, -1).join(', ')} and ${tools.at(-1)}` : tools.join(' and ');
  return `  \`${group[0]!.identifier}\`: ${listed}`;
}
