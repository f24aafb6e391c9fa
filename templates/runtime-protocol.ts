/**
 * mcp-codegen runtime: the MCP protocol types the generated client uses, declared here so that the
 * generated code imports no SDK. Written against the 2025-11-25 and 2026-07-28 specifications, and
 * loose where the SDKs differ: every optional member also admits `undefined` (SDK v1's zod-inferred
 * types are written that way, and `exactOptionalPropertyTypes` would otherwise reject them), and
 * unknown members are allowed (`_meta`, fields of newer protocol versions).
 */

/** `'legacy'`: the 2025 `initialize` handshake; `'modern'`: 2026-07-28 and later (`server/discover`). */
export type ProtocolEra = 'legacy' | 'modern';

export interface Annotations {
  audience?: ('user' | 'assistant')[] | undefined;
  priority?: number | undefined;
  lastModified?: string | undefined;
}

export interface TextContent {
  type: 'text';
  text: string;
  annotations?: Annotations | undefined;
  _meta?: { [key: string]: unknown } | undefined;
}

export interface ImageContent {
  type: 'image';
  /** Base64-encoded image data. */
  data: string;
  mimeType: string;
  annotations?: Annotations | undefined;
  _meta?: { [key: string]: unknown } | undefined;
}

export interface AudioContent {
  type: 'audio';
  /** Base64-encoded audio data. */
  data: string;
  mimeType: string;
  annotations?: Annotations | undefined;
  _meta?: { [key: string]: unknown } | undefined;
}

/** A resource the server points to; read it with `resources/read`. */
export interface ResourceLink {
  type: 'resource_link';
  uri: string;
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  mimeType?: string | undefined;
  size?: number | undefined;
  annotations?: Annotations | undefined;
  _meta?: { [key: string]: unknown } | undefined;
}

export interface TextResourceContents {
  uri: string;
  mimeType?: string | undefined;
  text: string;
  _meta?: { [key: string]: unknown } | undefined;
}

export interface BlobResourceContents {
  uri: string;
  mimeType?: string | undefined;
  /** Base64-encoded binary data. */
  blob: string;
  _meta?: { [key: string]: unknown } | undefined;
}

export type ResourceContents = TextResourceContents | BlobResourceContents;

export interface EmbeddedResource {
  type: 'resource';
  resource: ResourceContents;
  annotations?: Annotations | undefined;
  _meta?: { [key: string]: unknown } | undefined;
}

export type ContentBlock = TextContent | ImageContent | AudioContent | ResourceLink | EmbeddedResource;

/** The result of `tools/call`. `structuredContent` is any JSON value on 2026-07-28, an object before. */
export interface CallToolResult {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError?: boolean | undefined;
  _meta?: { [key: string]: unknown } | undefined;
  /** Protocol 2024-10-07 servers answered `{ toolResult }` instead of content. */
  toolResult?: unknown;
}

export interface ReadResourceResult {
  contents: ResourceContents[];
  _meta?: { [key: string]: unknown } | undefined;
}

export interface PromptMessage {
  role: 'user' | 'assistant';
  content: ContentBlock;
}

export interface GetPromptResult {
  description?: string | undefined;
  messages: PromptMessage[];
  _meta?: { [key: string]: unknown } | undefined;
}

export interface Progress {
  progress: number;
  total?: number | undefined;
  message?: string | undefined;
}

/** Per-call options, passed to the SDK in the position its `callTool` expects. */
export interface RequestOptions {
  /** Milliseconds before the SDK gives up on the request. */
  timeout?: number | undefined;
  /** Aborts the request. */
  signal?: AbortSignal | undefined;
  /** Progress notifications for this request. */
  onprogress?: ((progress: Progress) => void) | undefined;
  /** Restart the timeout whenever progress arrives. */
  resetTimeoutOnProgress?: boolean | undefined;
  /** A cap on the total time, whatever the progress. */
  maxTotalTimeout?: number | undefined;
}

export interface CallToolParams {
  name: string;
  arguments?: { [key: string]: unknown } | undefined;
}

/** What an MCP client may return from `tools/call`: checked by the runtime, not trusted. */
export interface CallToolResultLike {
  readonly content?: readonly unknown[] | undefined;
  readonly structuredContent?: unknown;
  readonly isError?: boolean | undefined;
  readonly toolResult?: unknown;
}

/**
 * The object the runtime calls: the SDK v1 `Client` (`callTool(params, resultSchema?, options?)`),
 * the SDK v2 `Client` (`callTool(params, options?)`), or anything with a compatible `callTool`.
 * A client with `getProtocolEra()` (v2) gets request options second, any other client third (v1).
 * The rest parameters are `never[]` so that both SDKs' signatures are assignable; the runtime
 * decides at run time what to pass.
 */
export interface McpClientLike {
  callTool(params: CallToolParams, ...rest: never[]): PromiseLike<CallToolResultLike>;
  readResource?(params: { uri: string }, ...rest: never[]): PromiseLike<{ readonly contents: readonly object[] }>;
  getPrompt?(params: { name: string; arguments?: { [key: string]: string } | undefined }, ...rest: never[]): PromiseLike<{ readonly messages: readonly object[] }>;
  /** SDK v2: the era the connection negotiated. */
  getProtocolEra?(): ProtocolEra | undefined;
}
