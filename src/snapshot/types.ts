import type { ProtocolEra } from '../config/types.js';
import type { ServerJsonProvenance } from '../discover/server-json/types.js';
import type { JsonObject } from '../shared/json.js';

export type { JsonObject, JsonValue } from '../shared/json.js';
export type { ProtocolEra } from '../config/types.js';

/**
 * The snapshot: what a server declared, as mcp-codegen stores it. Entities keep every field the
 * server sent (unknown ones included) so nothing is lost between discovery, generation and diff.
 */
export const SNAPSHOT_FORMAT = 'mcp-codegen/snapshot';
/** The newest format version this build reads and writes. */
export const SNAPSHOT_VERSION = 2;
/**
 * Version 2 added `clientCapabilities`, `clientCapabilitiesNotSent`, `uiResources`,
 * `unsupportedLists` and `provenance`. A snapshot is written as the lowest version that holds
 * what it records, so a snapshot with none of them stays byte-identical to version 1.
 */
export type SnapshotVersion = 1 | 2;

/** A JSON Schema as a server sent it: untrusted, possibly a boolean schema. */
export type JsonSchema = JsonObject | boolean;

export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolAnnotations;
  [key: string]: unknown;
}

export interface Resource {
  uri: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface ResourceTemplate {
  uriTemplate: string;
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
  [key: string]: unknown;
}

export interface PromptArgument {
  name: string;
  title?: string;
  description?: string;
  required?: boolean;
  [key: string]: unknown;
}

export interface Prompt {
  name: string;
  title?: string;
  description?: string;
  arguments?: PromptArgument[];
  [key: string]: unknown;
}

export interface ServerInfo {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/**
 * A UI resource (MCP Apps, `ui://`) that a tool names, as discovery read it: listed or not.
 * `ui` is the `_meta.ui` object (`csp`, `permissions`, `domain`, `prefersBorder`), the read
 * content's winning over the list entry's. `text`/`blob` only when `discovery.uiHtml` keeps them.
 * A read that failed has `error` and no hash.
 */
export interface UiResource {
  uri: string;
  mimeType?: string;
  ui?: JsonObject;
  sha256?: string;
  bytes?: number;
  text?: string;
  blob?: string;
  error?: { code?: number; message: string };
  [key: string]: unknown;
}

/**
 * A list the server declared (by its capability) but refused to answer, such as
 * `resources/templates/list` with -32601: recorded as empty, and this says why.
 */
export interface UnsupportedList {
  method: string;
  code: number;
  message: string;
}

/**
 * Where a snapshot's server came from, when a registry `server.json` was the source: what
 * discovery records (discover/server-json), read back with any key a later version adds.
 */
export interface Provenance {
  serverJson: ServerJsonProvenance['serverJson'] & { [key: string]: unknown };
}

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: SnapshotVersion;
  protocolVersion?: string;
  /** Which protocol era discovery spoke: `legacy` (initialize) or `modern` (2026-07-28 server/discover). Absent in older snapshots. */
  era?: ProtocolEra;
  serverInfo?: ServerInfo;
  capabilities?: JsonObject;
  instructions?: string;
  tools: Tool[];
  resources: Resource[];
  resourceTemplates: ResourceTemplate[];
  prompts: Prompt[];
  /** The client capabilities discovery declared (`discovery.capabilities`); absent means `{}`. */
  clientCapabilities?: JsonObject;
  /** Top-level keys of `clientCapabilities` the era had no place for (`tasks` in 2026-07-28), sorted. */
  clientCapabilitiesNotSent?: string[];
  /** The UI resources tools name, sorted by `uri`. */
  uiResources?: UiResource[];
  /** Declared lists the server did not answer, sorted by `method`. */
  unsupportedLists?: UnsupportedList[];
  provenance?: Provenance;
}
