/**
 * mcp-codegen runtime: the catalog guard over an aggregate client (config `aggregate`). Each server's
 * client keeps its own guard (its `catalog`); this joins their change events, each tagged with its
 * server, and finds the conflicts that only a live catalog has: a name that the tools of two servers
 * now share, compared as the planner compares them (runtime-names.ts: `get-user` and `get_user` are
 * both `getUser`), where the catalogs the aggregate was generated from had none. A flat name counts
 * as its server's: a tool of another server that becomes `addNote` conflicts with the flat `addNote`.
 *
 * A conflict is reported, never acted on. Each flat function was bound at generation to one server's
 * tool, by that server's client and the tool's wire name, and stays bound: no call is routed to
 * another server. `block` does not refuse it either: the tool it calls has not changed, so there is
 * nothing to refuse, and a refusal would let one server switch off another's tools just by listing
 * their names. The conflict matters at the next `generate`, where the policy decides again.
 */
import type { CatalogChange } from './runtime-fingerprint.js';
import { toolIdentifier } from './runtime-names.js';

/**
 * What the aggregate reads of a server's guard: runtime-guard.ts's `CatalogMonitor`, of any copy of
 * the runtime. Said here, not imported, so that this file, runtime-names.ts, runtime-fingerprint.ts and
 * runtime-canonical.ts are all an aggregate needs where its servers do not share a runtime.
 */
export interface ServerCatalog {
  verify(): Promise<CatalogChange>;
  onChange(listener: (change: CatalogChange) => void): () => void;
  readonly liveTools: readonly string[];
}

/** One server of the aggregate, as the generated class describes it. */
export interface AggregateServer {
  /** Its client's guard. */
  readonly catalog: ServerCatalog;
  /** The tools it had when the aggregate was generated, by wire name. */
  readonly tools: readonly string[];
  /** The flat names that call its tools. */
  readonly flat: readonly string[];
}

/** A name the live tools of several servers share, and the generated catalogs did not. */
export interface AggregateConflict<Server extends string = string> {
  /** The identifier the names become: a flat name, or the name a tool would take at the next `generate`. */
  name: string;
  /** Each server with a tool (or a flat name) that becomes `name`, in the aggregate's order. */
  servers: Server[];
  /** When `name` is a flat function: the server it calls, as generated. Calls keep going there. */
  boundTo: Server | undefined;
}

/** One server's live catalog changed. */
export interface AggregateChange<Server extends string = string> {
  server: Server;
  /** What changed on it since its catalog was last listed. */
  change: CatalogChange;
  /** Every run-time conflict across the servers as of this change (empty when there is none). */
  conflicts: AggregateConflict<Server>[];
}

export interface AggregateVerification<Server extends string = string> {
  /** Per server, its live catalog against the one its client was generated from. */
  servers: { [S in Server]: CatalogChange };
  conflicts: AggregateConflict<Server>[];
}

/** What an aggregate class exposes as `catalog`. */
export interface AggregateMonitor<Server extends string = string> {
  /** Lists every server's live tools, and compares them with what the aggregate was generated from. */
  verify(): Promise<AggregateVerification<Server>>;
  /** Called with each server's change, and the conflicts as of it; returns an unsubscribe function. */
  onChange(listener: (change: AggregateChange<Server>) => void): () => void;
}

type Owners<Server> = Map<string, Set<Server>>;

export class AggregateCatalog<Server extends string> implements AggregateMonitor<Server> {
  readonly #servers: ReadonlyArray<readonly [Server, AggregateServer]>;
  readonly #listeners = new Set<(change: AggregateChange<Server>) => void>();
  /** Which servers each name belonged to in the generated catalogs: those conflicts the policy resolved. */
  #generated: Promise<Owners<Server>> | undefined;
  /** Change events in the order the guards saw them: finding conflicts may wait for a hash. */
  #queue: Promise<void> = Promise.resolve();

  constructor(servers: { readonly [S in Server]: AggregateServer }) {
    this.#servers = Object.entries(servers) as Array<[Server, AggregateServer]>;
    for (const [key, server] of this.#servers)
      server.catalog.onChange((change) => {
        this.#queue = this.#queue
          .then(() => this.#report(key, change))
          .catch((error: unknown) => {
            // A listener threw: said as an uncaught error, the next change is still reported.
            setTimeout(() => {
              throw error;
            });
          });
      });
  }

  async verify(): Promise<AggregateVerification<Server>> {
    const changes = await Promise.all(this.#servers.map(([, server]) => server.catalog.verify()));
    await this.#queue;
    const servers = Object.fromEntries(
      this.#servers.map(([key], i) => [key, changes[i]!]),
    ) as { [S in Server]: CatalogChange };
    return { servers, conflicts: await this.#conflicts() };
  }

  onChange(listener: (change: AggregateChange<Server>) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async #report(server: Server, change: CatalogChange): Promise<void> {
    const conflicts = await this.#conflicts();
    for (const listener of [...this.#listeners]) listener({ server, change, conflicts });
  }

  async #conflicts(): Promise<AggregateConflict<Server>[]> {
    this.#generated ??= owners(this.#servers.map(([key, s]) => [key, s.tools, s.flat] as const));
    const generated = await this.#generated;
    const live = await owners(
      this.#servers.map(([key, s]) => [key, s.catalog.liveTools, s.flat] as const),
    );
    const conflicts: AggregateConflict<Server>[] = [];
    for (const [name, servers] of live) {
      const before = generated.get(name);
      if (servers.size < 2 || [...servers].every((s) => before?.has(s) === true)) continue;
      const boundTo = this.#servers.find(([, s]) => s.flat.includes(name))?.[0];
      conflicts.push({ name, servers: [...servers], boundTo });
    }
    return conflicts;
  }
}

/** Per identifier, the servers with a tool that becomes it or a flat name that is it, in the servers' order. */
async function owners<Server>(
  servers: ReadonlyArray<readonly [Server, readonly string[], readonly string[]]>,
): Promise<Owners<Server>> {
  const found: Owners<Server> = new Map();
  const add = (name: string, server: Server) => {
    const set = found.get(name) ?? new Set<Server>();
    found.set(name, set.add(server));
  };
  for (const [server, tools, flat] of servers) {
    for (const tool of tools) add(await toolIdentifier(tool), server);
    for (const name of flat) add(name, server);
  }
  return found;
}
