/**
 * mcp-codegen runtime: talking to whichever MCP client the user passed in (SDK v1, SDK v2, or a
 * compatible object), and turning what it throws into errors that look the same for all of them.
 */
import type { CallToolParams, GetPromptResult, McpClientLike, ProtocolEra, ReadResourceResult, RequestOptions } from './runtime-protocol.js';

type AnyCall = (...args: unknown[]) => PromiseLike<unknown>;

/**
 * SDK v2's `Client` has `getProtocolEra()` and takes `callTool(params, options)`; SDK v1's has no
 * such method and takes `callTool(params, resultSchema, options)`. Passing `undefined` as v1's
 * result schema selects its default, so v1 behaves exactly as when called without it.
 */
function takesOptionsSecond(client: McpClientLike): boolean {
  return typeof client.getProtocolEra === 'function';
}

/** The arguments for one of the client's request methods, with `options` where that SDK reads them. */
function requestArgs(client: McpClientLike, params: object, options: RequestOptions | undefined): unknown[] {
  if (options === undefined) return [params];
  return takesOptionsSecond(client) ? [params, options] : [params, undefined, options];
}

/** `client.callTool` with the options in that SDK's position; not async, so the call costs no extra promise. */
export function callToolOn(client: McpClientLike, params: CallToolParams, options: RequestOptions | undefined): PromiseLike<unknown> {
  const call = client.callTool as unknown as AnyCall;
  return call.apply(client, requestArgs(client, params, options));
}

/** The era the client negotiated: v2 says so; v1 only speaks the legacy era; others are unknown. */
export function eraOf(client: McpClientLike): ProtocolEra | undefined {
  if (typeof client.getProtocolEra === 'function') {
    const era = client.getProtocolEra();
    return era === 'legacy' || era === 'modern' ? era : undefined;
  }
  return isSdkV1Client(client) ? 'legacy' : undefined;
}

// SDK v1's Client is the one with a `cacheToolMetadata` method and no `getProtocolEra`.
function isSdkV1Client(client: McpClientLike): boolean {
  return typeof (client as { cacheToolMetadata?: unknown }).cacheToolMetadata === 'function';
}

/**
 * A JSON-RPC error from the server (or an SDK's own numeric-coded errors, such as v1's request
 * timeout), with the call it came from. The same class whichever SDK threw: v1's `McpError` and
 * v2's `ProtocolError` both become this, keeping the server's `code`, `message` and `data`.
 */
export class McpProtocolError extends Error {
  readonly code: number;
  readonly data: unknown;
  readonly method: string;
  readonly target: string;
  /** The error the client threw. */
  readonly original: unknown;
  constructor(method: string, target: string, original: { code: number; message: string; data?: unknown }) {
    // v1's McpError prefixes "MCP error <code>: ", and a v1 server's message may arrive already
    // prefixed: strip every copy so the message carries exactly one.
    const text = original.message.replace(/^(MCP error -?\d+: )+/, '');
    super(`MCP error ${original.code}: ${text} (${method} ${JSON.stringify(target)})`);
    this.name = 'McpProtocolError';
    this.code = original.code;
    this.data = original.data;
    this.method = method;
    this.target = target;
    this.original = original;
  }
}

/**
 * The tool's output is not an object, so its shape depends on the protocol era, and the result
 * matched neither form for the era the client negotiated: the snapshot and the connection disagree.
 */
export class OutputEraMismatchError extends Error {
  readonly tool: string;
  readonly snapshotEra: ProtocolEra | undefined;
  readonly clientEra: ProtocolEra | undefined;
  constructor(tool: string, snapshotEra: ProtocolEra | undefined, clientEra: ProtocolEra | undefined, form: string | undefined, reason: string) {
    const shape = form === 'wrapped' ? 'the legacy `{ result: ... }` envelope' : 'the bare value';
    super(
      `${tool}: the client was generated from a snapshot taken in the ${snapshotEra ?? 'unknown'} era (its output type is ${shape}), ` +
        `but this connection negotiated the ${clientEra ?? 'unknown'} era, and the result matches neither form (${reason}). ` +
        `Regenerate the client from a snapshot discovered in the ${clientEra ?? 'same'} era, or connect in the ${snapshotEra ?? 'snapshot\'s'} era.`,
    );
    this.name = 'OutputEraMismatchError';
    this.tool = tool;
    this.snapshotEra = snapshotEra;
    this.clientEra = clientEra;
  }
}

const RPC_CODE = /^-?\d+$/;

export function toProtocolError(error: unknown, method: string, target: string): unknown {
  if (error instanceof McpProtocolError) return error;
  // Duck-typed: v1's McpError, v2's ProtocolError, duplicate SDK copies and other clients all carry
  // an integer `code` and a `message`. DOMException aborts also have a numeric code: excluded by name.
  if (typeof error !== 'object' || error === null) return error;
  const e = error as { code?: unknown; message?: unknown; name?: unknown; data?: unknown };
  const rpc = typeof e.code === 'number' && Number.isInteger(e.code) && RPC_CODE.test(String(e.code)) && typeof e.message === 'string';
  if (!rpc || e.name === 'AbortError' || e.name === 'TimeoutError' || isDomException(error)) return error;
  return new McpProtocolError(method, target, error as { code: number; message: string; data?: unknown });
}

function isDomException(error: object): boolean {
  return typeof DOMException !== 'undefined' && error instanceof DOMException;
}

/** A resource helper of the generated client (`client.resources.<name>`): reads its resource. */
export type ResourceReader = (options?: RequestOptions) => Promise<ReadResourceResult>;

/** `resources/read`; JSON-RPC errors are thrown as `McpProtocolError`. */
export async function readResource(client: McpClientLike, uri: string, options?: RequestOptions): Promise<ReadResourceResult> {
  const read = client.readResource as unknown as AnyCall | undefined;
  if (typeof read !== 'function') throw new TypeError(`cannot read ${uri}: the client passed to the generated SDK has no readResource(params, options) method`);
  try {
    // Both SDKs take readResource(params, options): no result-schema slot there.
    return (await read.apply(client, options === undefined ? [{ uri }] : [{ uri }, options])) as ReadResourceResult;
  } catch (error) {
    throw toProtocolError(error, 'resources/read', uri);
  }
}

/** `prompts/get`. Prompt arguments are strings on the wire; `undefined` members (optional arguments) are left out. */
export async function getPrompt<A extends { [K in keyof A]: string | undefined }>(client: McpClientLike, name: string, args?: A, options?: RequestOptions): Promise<GetPromptResult> {
  const get = client.getPrompt as unknown as AnyCall | undefined;
  if (typeof get !== 'function') throw new TypeError(`cannot get prompt ${name}: the client passed to the generated SDK has no getPrompt(params, options) method`);
  const wire: { [key: string]: string } = {};
  for (const [key, value] of Object.entries(args ?? {})) {
    // defineProperty, not assignment: an argument named `__proto__` stays an argument.
    if (value !== undefined) Object.defineProperty(wire, key, { value: typeof value === 'string' ? value : JSON.stringify(value), enumerable: true, writable: true, configurable: true });
  }
  const params = { name, arguments: wire };
  try {
    return (await get.apply(client, options === undefined ? [params] : [params, options])) as GetPromptResult;
  } catch (error) {
    throw toProtocolError(error, 'prompts/get', name);
  }
}
