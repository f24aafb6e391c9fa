import { planMemberNames } from '../model/member-names.js';
import { withUndeclaredOutput, type UndeclaredOutput } from '../shapes/effective.js';
import type { JsonObject } from '../shared/json.js';
import { snapshotEra } from '../snapshot/era.js';
import type { ProtocolEra, Snapshot, Tool } from '../snapshot/types.js';

/** One tool as the mock serves it. */
export interface MockTool {
  readonly tool: Tool;
  /** The generated client's method name for it (a handler key, beside the tool's own name). */
  readonly method: string;
  /** Its declared output schema, else one written in the config or sampled (what generated data follows). */
  readonly output: JsonObject | undefined;
}

/** A snapshot made ready to serve. */
export interface MockCatalog {
  readonly snapshot: Snapshot;
  /** `modern` answers `server/discover` too; `legacy` (or no era recorded) answers only `initialize`. */
  readonly era: ProtocolEra;
  /** What `initialize` and `server/discover` declare: the snapshot's, else what its lists need. */
  readonly capabilities: JsonObject;
  readonly tools: ReadonlyMap<string, MockTool>;
}

/** The snapshot's tools with their client method names and effective output schemas. */
export function mockCatalog(
  snapshot: Snapshot,
  undeclared?: ReadonlyMap<string, UndeclaredOutput>,
): MockCatalog {
  const methods = new Map(planMemberNames(snapshot).tools.map((t) => [t.tool, t.method]));
  const tools = new Map<string, MockTool>();
  for (const listed of snapshot.tools) {
    const { tool } = withUndeclaredOutput(listed, undeclared);
    tools.set(listed.name, {
      tool: listed,
      method: methods.get(listed.name)!,
      output: tool.outputSchema,
    });
  }
  return {
    snapshot,
    era: snapshotEra(snapshot) ?? 'legacy',
    capabilities: snapshot.capabilities ?? listedCapabilities(snapshot),
    tools,
  };
}

/** A bare `tools/list` result declares nothing: declare what its lists hold, so a client asks for them. */
function listedCapabilities(snapshot: Snapshot): JsonObject {
  const out: JsonObject = {};
  if (snapshot.tools.length) out.tools = {};
  if (snapshot.resources.length || snapshot.resourceTemplates.length) out.resources = {};
  if (snapshot.prompts.length) out.prompts = {};
  return out;
}

/**
 * The tool a handler key names: a method name of the generated client, or a tool's own name (a
 * tool's name wins when one tool's name is another's method name, as on the wire).
 */
export function toolForKey(catalog: MockCatalog, key: string): string | undefined {
  if (catalog.tools.has(key)) return key;
  for (const [name, tool] of catalog.tools) if (tool.method === key) return name;
  return undefined;
}
