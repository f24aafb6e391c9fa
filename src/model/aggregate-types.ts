import type { AgentSwitch } from '../config/agent-switches.js';
import type { LeftOut } from './adapters/leave-out.js';
import type { ClientModel, ToolModel } from './types.js';

/**
 * The model of an aggregate client (src/model/aggregate.ts plans it): its names, its servers, its
 * flat surface, and the agent adapters its config turns on.
 */

export interface AggregateServerModel {
  /** The config's server name. */
  serverName: string;
  /** Its key in the clients object, its property on the class, and the namespace its index.ts is imported as. */
  key: string;
  /** The server client's index.ts, as an import specifier from the aggregate's files. */
  specifier: string;
  model: ClientModel;
}

export interface FlatToolModel {
  /** The flat name: function, method, `toolSchemas` key and code-mode member. */
  name: string;
  server: AggregateServerModel;
  tool: ToolModel;
}

/** One agent adapter the aggregate's config turns on, as src/model/adapters/aggregate.ts plans it. */
export interface AggregateAdapterModel {
  /** Its switch in config `aggregate.agents`. */
  key: AgentSwitch;
  /** Its files, by role, relative to the aggregate's folder. */
  files: Record<string, string>;
  /** Names the aggregate claimed for it (`ToolsToolSets`). */
  names: Record<string, string>;
  /** Each runtime template its files import, and that module's specifier from the aggregate's folder. */
  runtime: Record<string, string>;
  /** Per server key: that server's own module of the adapter, as a specifier from the aggregate's file that imports it. */
  modules: Record<string, string>;
  /** The flat tools its model-facing output offers, in the flat surface's order. */
  offered: FlatToolModel[];
  /** What it leaves out, by why, by flat name: its files' headers say so. */
  leftOut: LeftOut[];
  /** What its plan made of the offered tools (the names the model calls them by), or nothing. */
  data?: unknown;
}

export interface AggregateModel {
  name: string;
  className: string;
  /** The type of the constructor's first argument: one connected client per server. */
  clientsType: string;
  optionsType: string;
  /** The helper type that drops a tool function's first parameter (the client). */
  restType: string;
  servers: AggregateServerModel[];
  flat: FlatToolModel[];
  /** `priority`: each tool the flat surface hides, said as a warning. */
  warnings: string[];
  files: { index: string };
  /**
   * The aggregate guard's module (templates/runtime-aggregate.ts), as an import specifier: in the
   * shared runtime (config `runtime`), or else copied into the aggregate's own folder (`runtimeCopy`).
   */
  runtimeAggregate: string;
  runtimeCopy: boolean;
  /** The agent adapters its config turns on, in the order of their table. */
  adapters: AggregateAdapterModel[];
}
