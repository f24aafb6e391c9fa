import type { ProtocolEra } from '../config/types.js';
import type { JsonObject } from '../shared/json.js';

export type { JsonObject, JsonValue } from '../shared/json.js';
export type { ProtocolEra } from '../config/types.js';

/**
 * The snapshot: what a server declared, as mcp-codegen stores it. Entities keep every field the
 * server sent (unknown ones included) so nothing is lost between discovery, generation and diff.
 */
export const SNAPSHOT_FORMAT = 'mcp-codegen/snapshot';
export const SNAPSHOT_VERSION = 1;

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

export interface Snapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
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
}
