import type { AgentSwitch } from '../../config/agent-switches.js';
import type { FlatToolModel } from '../aggregate-types.js';
import type { NamePlanner } from '../naming.js';
import type { AdapterModel, ClientModel, ImportPlan, ModulePlans, ToolModel } from '../types.js';

/** A client's model while the adapters plan their modules: everything but the modules. */
export type PlannedClient = Omit<ClientModel, 'modules'>;

/**
 * The plan half of an agent adapter: what the planner needs to know of one framework. Its print half
 * (src/emit/agents/) joins it in the adapters' table (src/emit/agents/adapters.ts). The table sits
 * where both halves can be read, after the planner in the pipeline, so the planner is handed it: the
 * generic code here and in plan.ts iterates whatever table it is given, and names no framework.
 */
export interface AdapterPlan {
  /** Its switch in config `agents` (and `aggregate.agents`): one of the config's keys. */
  key: AgentSwitch;
  /** Its files in a client's output folder, by role. */
  files: Readonly<Record<string, string>>;
  /** The runtime templates its files import: copied into the client's own runtime only when it is on. */
  runtime?: readonly string[];
  /**
   * Set on the adapter that plans the Standard Schema objects every framework adapter reads: the role
   * of its file that holds them, and the runtime template they are made with. With it on, every
   * tool's objects are named and its input schema embedded.
   */
  schemaObjects?: { file: string; runtime: string };
  /** Names every client reserves for it, on or off, so that turning it on renames nothing. */
  reserved: readonly string[];
  /** Names it claims once every other name is (a namespace): after the tools', so no tool loses one. */
  claim?(types: NamePlanner, className: string): Record<string, string>;
  /** What it makes of the tools it offers, once their names are final (the names the model calls them by). */
  data?(offered: readonly ToolModel[]): unknown;
  /** What its files import, keyed by path. */
  modules(model: PlannedClient, adapter: AdapterModel): ModulePlans;
  /** What index.ts re-exports of its files, after everything else; nothing when absent. */
  indexExports?(model: PlannedClient, adapter: AdapterModel): ImportPlan[];
  /** Its form in an aggregate over several clients. */
  aggregate: AggregateAdapterPlan;
}

/** The plan half of an adapter's aggregate form (config `aggregate.agents`). */
interface AggregateAdapterPlan {
  /** Its files in the aggregate's folder, by role. */
  files: Readonly<Record<string, string>>;
  /**
   * The role of the file that imports each server's own module of the adapter (the server's file of
   * the same role): the aggregate's tools are made from the servers' tools.
   */
  serverModule?: string;
  /** The runtime templates its files import: copied into the aggregate's folder when its servers share no runtime. */
  runtime?: readonly string[];
  /** Names the aggregate reserves for it, on or off. */
  reserved: readonly string[];
  /** Names the aggregate claims for it, on or off, right after its own type names. */
  claim?(values: NamePlanner, base: string): Record<string, string>;
  /** What it makes of the flat tools it offers (the names the model calls them by). */
  data?(offered: readonly FlatToolModel[]): unknown;
}
