// Copied by mcp-codegen from its templates/runtime.ts. Do not edit: it is replaced on every `mcp-codegen generate`.
/**
 * mcp-codegen runtime, copied verbatim next to each generated client: regenerate, do not edit.
 * Turns `tools/call` results into `{ ok: true, variant, data, raw } | { ok: false, error, raw }`.
 *
 * - JSON-RPC errors are thrown as `McpProtocolError` (a subclass of the SDK's `McpError`, so
 *   `instanceof McpError` keeps working), never mixed into results; aborts etc. propagate unchanged.
 * - The payload is `structuredContent`, else the first text item of `content`, parsed when it looks
 *   like a JSON object or array and kept as the string otherwise (a text tool answering "42" stays "42").
 * - A schema Ajv cannot compile fails closed: `$invalid_result` with an issue saying so.
 *
 * Imports only the SDK and its own dependencies (ajv, ajv-formats) and no Node built-ins, so it runs in
 * browsers and workers; no enums, namespaces or parameter properties, so Node's type stripping runs it.
 */
import { Ajv } from 'ajv';
import type { AnySchema, ErrorObject, Options as AjvOptions, ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsImport from 'ajv-formats';
import type { FormatsPlugin } from 'ajv-formats';
import type { RequestOptions } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolRequest, CallToolResult, CompatibilityCallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { GetPromptRequest, GetPromptResult, ReadResourceRequest, ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';

// ---- Data the generator emits ------------------------------------------------------------------

/** A JSON Schema object as emitted by the generator (usually an `as const` literal). */
export type JsonSchemaObject = { readonly [key: string]: unknown };

/** One `anyOf`/`oneOf` branch of an output schema. `schema` is self-contained (parent keywords and root `$defs` merged in). */
export type BranchSpec =
  | { readonly kind: 'documented'; readonly schema: JsonSchemaObject; readonly required: readonly string[] }
  | { readonly kind: 'alternative'; readonly variant: string; readonly schema: JsonSchemaObject; readonly required: readonly string[] }
  | { readonly kind: 'error'; readonly code?: string; readonly schema: JsonSchemaObject; readonly required: readonly string[] };

/** What the runtime needs to know about one tool. */
export interface ToolSpec {
  readonly name: string;
  readonly inputSchema?: JsonSchemaObject;
  readonly outputSchema?: JsonSchemaObject;
  readonly branches: readonly BranchSpec[];
  /** Every error code known for this tool (schema-derived and from the config), sorted. */
  readonly codes: readonly string[];
}

// ---- Results -----------------------------------------------------------------------------------

/** Codes the runtime itself produces; generated per-tool code objects spread these in. */
export const RuntimeErrorCode = {
  /** The server sent a code not known at generation time; the code as sent is in `serverCode`. */
  Unknown: '$unknown',
  /** An error result without any code. */
  Uncoded: '$uncoded',
  /** The payload failed validation against the branch it claims to be; see `issues`. */
  InvalidResult: '$invalid_result',
  /** The arguments failed `inputSchema` validation; nothing was sent. */
  InvalidInput: '$invalid_input',
} as const;
export type RuntimeErrorCode = (typeof RuntimeErrorCode)[keyof typeof RuntimeErrorCode];

/** Why a value failed validation: an RFC 6901 JSON pointer into it, and the reason. */
export interface ValidationIssue {
  readonly pointer: string;
  readonly message: string;
  /** The JSON Schema keyword that failed (`$compile` when the schema itself could not be compiled). */
  readonly keyword?: string;
}

export interface ToolError<Code extends string = string, Details = unknown> {
  tool: string;
  code: Code;
  /** The code exactly as the server sent it, when `code` is `$unknown`. */
  serverCode?: string;
  message: string;
  /** Set only when the server said whether a retry makes sense. */
  retryable?: boolean;
  /** The error payload (the envelope's fields), or the text the server sent. */
  details: Details;
  issues?: readonly ValidationIssue[];
}

export type ToolResult<Data, Alt extends { variant: string; data: unknown } = never, Err = ToolError> =
  | { ok: true; variant: 'documented'; data: Data; raw: CallToolResult }
  | (Alt extends unknown ? { ok: true; variant: Alt['variant']; data: Alt['data']; raw: CallToolResult } : never)
  | { ok: false; error: Err; raw: CallToolResult };

/** Any instantiation of `ToolResult`: the constraint helpers accept. */
export type AnyToolResult =
  | { ok: true; variant: string; data: unknown; raw: CallToolResult }
  | { ok: false; error: unknown; raw: CallToolResult };

/** The object the runtime calls: the SDK v1 `Client`, or anything with compatible methods. */
export interface McpClientLike {
  callTool(params: CallToolRequest['params'], resultSchema?: undefined, options?: RequestOptions): Promise<CallToolResult | CompatibilityCallToolResult>;
  readResource?(params: ReadResourceRequest['params'], options?: RequestOptions): Promise<ReadResourceResult>;
  getPrompt?(params: GetPromptRequest['params'], options?: RequestOptions): Promise<GetPromptResult>;
}

/** A JSON-RPC error from the server (or the SDK's own timeout / connection-closed errors), with the call it came from. */
export class McpProtocolError extends McpError {
  readonly method: string;
  readonly target: string;
  /** The error the client threw. */
  readonly original: unknown;
  constructor(method: string, target: string, original: { code: number; message: string; data?: unknown }) {
    // McpError prefixes "MCP error <code>: "; an SDK server's McpError arrives already prefixed and the
    // SDK client prefixes again, so strip every copy and let super() add exactly one.
    super(original.code, original.message.replace(/^(MCP error -?\d+: )+/, ''), original.data);
    this.name = 'McpProtocolError';
    this.message = `${this.message} (${method} ${JSON.stringify(target)})`;
    this.method = method;
    this.target = target;
    this.original = original;
  }
}

/** Thrown by `unwrap` for `ok: false` results. */
export class ToolCallError<Err = ToolError> extends Error {
  readonly error: Err;
  readonly raw: CallToolResult;
  constructor(error: Err, raw: CallToolResult) {
    const e = (isObject(error) ? error : {}) as Partial<ToolError>;
    super(`${e.tool ?? 'tool'} failed with ${e.code ?? 'an error'}: ${e.message ?? ''}`);
    this.name = 'ToolCallError';
    this.error = error;
    this.raw = raw;
  }
}

/** `data` of an `ok: true` result, or throws `ToolCallError`: `await client.x(args).then(unwrap)`. */
export function unwrap<R extends AnyToolResult>(result: R): Extract<R, { ok: true }>['data'] {
  if (result.ok) return result.data as Extract<R, { ok: true }>['data'];
  throw new ToolCallError<Extract<R, { ok: false }>['error']>(result.error, result.raw);
}

// ---- Validation --------------------------------------------------------------------------------

type Compiled = { validate: ValidateFunction } | { error: string };
type Dialect = 'draft-07' | '2019-09' | '2020-12';

// ajv-formats is CommonJS with `exports.default`: under NodeNext the default import is typed as the
// module object, under Bundler as the plugin; at run time `.default` exists in both worlds.
const addFormats = ((addFormatsImport as unknown as { default?: FormatsPlugin }).default ??
  addFormatsImport) as unknown as FormatsPlugin;

// strict: false because real servers' schemas use unknown keywords and formats; validateSchema: false
// so a draft-04/06 `$schema` does not need its meta-schema; addUsedSchema: false so two tools sharing
// an `$id` do not clash in one Ajv instance (and absolute self-references still resolve).
const AJV_OPTIONS: AjvOptions = { strict: false, allErrors: true, logger: false, validateSchema: false, addUsedSchema: false };
const NO_ISSUES: readonly ValidationIssue[] = Object.freeze([]);

/**
 * Compiles each schema once, on first use, and keeps the validator. Keyed by the schema object, so a
 * generated client's const specs compile once per (tool, branch); a generated client holds one.
 */
export class ValidatorCache {
  #entries = new WeakMap<object, Compiled>();
  #ajv = new Map<Dialect, (schema: AnySchema) => ValidateFunction>();
  #compilations = 0;

  /** How many schemas this cache has compiled (or tried to): for tests and diagnostics. */
  get compilations(): number {
    return this.#compilations;
  }

  /** Issues found in `value` (none when valid). A schema that cannot be compiled yields one `$compile` issue. */
  validate(schema: JsonSchemaObject, value: unknown): readonly ValidationIssue[] {
    const entry = this.#entries.get(schema) ?? this.#compile(schema);
    if ('error' in entry) return [{ pointer: '', message: `the schema could not be compiled: ${entry.error}`, keyword: '$compile' }];
    return entry.validate(value) ? NO_ISSUES : toIssues(entry.validate.errors);
  }

  #compile(schema: JsonSchemaObject): Compiled {
    this.#compilations++;
    let entry: Compiled;
    try {
      entry = { validate: this.#compiler(dialectOf(schema))(schema as AnySchema) };
    } catch (error) {
      entry = { error: error instanceof Error ? error.message : String(error) }; // remembered: not retried per call
    }
    this.#entries.set(schema, entry);
    return entry;
  }

  // One Ajv instance per dialect, created on first need (creating one costs milliseconds).
  #compiler(dialect: Dialect): (schema: AnySchema) => ValidateFunction {
    let compile = this.#ajv.get(dialect);
    if (compile === undefined) {
      const ajv = dialect === '2020-12' ? new Ajv2020(AJV_OPTIONS) : dialect === '2019-09' ? new Ajv2019(AJV_OPTIONS) : new Ajv(AJV_OPTIONS);
      addFormats(ajv);
      compile = (schema) => ajv.compile(schema);
      this.#ajv.set(dialect, compile);
    }
    return compile;
  }
}

/** MCP 2025-11-25 makes 2020-12 the default dialect, so an absent or unrecognised `$schema` means 2020-12. */
function dialectOf(schema: JsonSchemaObject): Dialect {
  const uri = typeof schema['$schema'] === 'string' ? schema['$schema'] : '';
  if (/draft-0[3-7]\b/.test(uri)) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

// Ajv's instancePath is already an RFC 6901 pointer; for "missing"/"extra" property errors it points
// at the parent object, so append the property: the pointer then names what to fix.
function toIssues(errors: readonly ErrorObject[] | null | undefined): ValidationIssue[] {
  return (errors ?? []).map((e) => {
    const params = e.params as { missingProperty?: unknown; additionalProperty?: unknown; unevaluatedProperty?: unknown };
    const property = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
    const pointer = typeof property === 'string' ? `${e.instancePath}/${property.replace(/~/g, '~0').replace(/\//g, '~1')}` : e.instancePath;
    return { pointer, message: e.message ?? `failed "${e.keyword}"`, keyword: e.keyword };
  });
}

const defaultCache = new ValidatorCache();

// ---- Calling and classifying -------------------------------------------------------------------

export interface ClassifyOptions {
  /** Validate the payload against the chosen branch's schema (default true). */
  validateOutput?: boolean | undefined;
  /** Where compiled validators live; a module-wide cache when omitted. */
  cache?: ValidatorCache | undefined;
}

export interface InvokeOptions extends ClassifyOptions {
  /** Validate the arguments against `inputSchema` before sending (default false). */
  validateInput?: boolean | undefined;
  /** Passed to `client.callTool` (timeout, signal, progress...). */
  request?: RequestOptions | undefined;
}

/**
 * Calls a tool and classifies its result. With `validateInput`, invalid arguments are not sent:
 * the result is `$invalid_input` and `raw` is a synthetic empty result `{ content: [] }`.
 * JSON-RPC errors are thrown as `McpProtocolError`.
 */
export async function invokeTool<Data = unknown, Alt extends { variant: string; data: unknown } = never, Err = ToolError>(
  client: McpClientLike,
  spec: ToolSpec,
  args: object | undefined,
  options: InvokeOptions = {},
): Promise<ToolResult<Data, Alt, Err>> {
  if (options.validateInput === true && spec.inputSchema !== undefined) {
    // Validate what goes on the wire: JSON drops `undefined` members that optional properties may hold.
    const wire: unknown = args === undefined ? {} : JSON.parse(JSON.stringify(args));
    const issues = (options.cache ?? defaultCache).validate(spec.inputSchema, wire);
    if (issues.length > 0) {
      const error = failure(spec, RuntimeErrorCode.InvalidInput, `invalid arguments for ${spec.name}: ${describeIssue(issues)}`, args, issues);
      return { ok: false, error: error as Err, raw: { content: [] } };
    }
  }
  let raw: CallToolResult | CompatibilityCallToolResult;
  try {
    raw = await client.callTool({ name: spec.name, arguments: (args ?? {}) as Record<string, unknown> }, undefined, options.request);
  } catch (error) {
    throw toProtocolError(error, 'tools/call', spec.name); // try/await, not .catch(): a client may also throw synchronously
  }
  return classifyResult(spec, raw, options) as ToolResult<Data, Alt, Err>;
}

/**
 * Classifies a `tools/call` result already in hand (e.g. from `client.callTool` or a task stream).
 * Order: `isError` → coded soft-error envelopes → alternatives → documented; then validation.
 */
export function classifyResult(spec: ToolSpec, raw: CallToolResult | CompatibilityCallToolResult, options: ClassifyOptions = {}): AnyToolResult {
  const result = raw as CallToolResult; // the legacy `{ toolResult }` shape is read below and kept as raw
  const text = firstText(result.content);
  const payload = readPayload(raw, text);
  const validate = options.validateOutput !== false && spec.outputSchema !== undefined;
  const cache = options.cache ?? defaultCache;

  const coded = raw.isError === true ? findCode(spec, payload, true) : isObject(payload) ? findCode(spec, payload, false) : undefined;
  if (raw.isError === true || coded !== undefined) {
    const found = coded ?? {};
    const known = found.sent !== undefined && spec.codes.includes(found.sent);
    const code = known ? found.sent! : found.sent !== undefined ? RuntimeErrorCode.Unknown : RuntimeErrorCode.Uncoded;
    // An unknown code is exactly what a generation-time schema (say, an `enum` of codes) cannot
    // describe, so it is reported as $unknown rather than as a validation failure.
    const issues = validate && found.branch !== undefined && code !== RuntimeErrorCode.Unknown ? cache.validate(found.branch.schema, payload) : NO_ISSUES;
    if (issues.length > 0) return invalid(spec, payload, issues, result, 'error');
    const error = failure(spec, code, messageOf(payload, text, found.hint) ?? `${spec.name} returned ${found.sent ?? 'an error'}`, payload);
    if (code === RuntimeErrorCode.Unknown) error.serverCode = found.sent!;
    if (isObject(payload) && typeof payload['retryable'] === 'boolean') error.retryable = payload['retryable'];
    return { ok: false, error, raw: result };
  }

  const branch = pickBranch(spec, payload);
  if (validate) {
    const schema = branch?.schema ?? spec.outputSchema!;
    const issues = cache.validate(schema, payload);
    if (issues.length > 0) return invalid(spec, payload, issues, result, branch?.kind === 'alternative' ? branch.variant : 'documented');
  }
  return { ok: true, variant: branch?.kind === 'alternative' ? branch.variant : 'documented', data: payload, raw: result };
}

/** The code as sent, the error branch whose schema validates the payload, an envelope key's string value. */
type Found = { sent?: string; branch?: BranchSpec; hint?: string };

/**
 * Finds the code of an error payload. For `isError` results any `code`/`error` string counts; for
 * ordinary results (soft errors) only known codes and declared error branches do, so a documented
 * payload that merely has an `error` field is not mistaken for a failure.
 */
function findCode(spec: ToolSpec, payload: unknown, isError: boolean): Found | undefined {
  if (!isObject(payload)) return isError ? {} : undefined;
  const known = (value: string) => spec.codes.includes(value);
  // `false`/`null` reads as "not set": `{ "_budget_exceeded": false }` or `{ "error": null }` is no error.
  const set = (key: string) => key in payload && payload[key] !== false && payload[key] !== null;
  const errorBranches = spec.branches.filter((b) => b.kind === 'error');
  const matching = errorBranches.find((b) => b.required.length > 0 && b.required.every(set));
  const branchFor = (code: string) => errorBranches.find((b) => b.kind === 'error' && b.code === code) ?? matching;

  // 1. A leading-underscore envelope key that is a known code: `{ "_budget_exceeded": true, ... }`.
  //    A string value may name a more specific known code before a colon (worldmonitor's
  //    `{ "_jmespath_error": "expression_too_long: 1156 > 1024" }`, kinds added by the config).
  for (const key of Object.keys(payload)) {
    if (!key.startsWith('_') || !known(key) || !set(key)) continue;
    const value = payload[key];
    const kind = typeof value === 'string' ? value.split(':', 1)[0]!.trim() : '';
    const branch = branchFor(key);
    return { sent: kind !== '' && known(kind) ? kind : key, ...(branch && { branch }), ...(typeof value === 'string' && { hint: value }) };
  }
  // 2. A `code` or `error` property (or `error: { code }`): `{ "error": "unknown_city", ... }`.
  const nested = isObject(payload['error']) ? payload['error'] : undefined;
  for (const value of [payload['code'], payload['error'], nested?.['code']]) {
    const sent = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
    if (sent !== undefined && (isError || known(sent))) {
      const branch = branchFor(sent);
      return { sent, ...(branch && { branch }) };
    }
  }
  // 3. A declared error branch whose required keys are all set (its code may be unknown).
  if (matching?.kind === 'error') {
    const value = payload['code'] ?? payload['error'];
    const sent = matching.code ?? (typeof value === 'string' ? value : undefined);
    return { ...(sent !== undefined && { sent }), branch: matching };
  }
  return isError ? {} : undefined;
}

/**
 * An alternative wins when all its required keys are present and the documented branch's are not
 * (or the documented branch requires nothing, so presence cannot tell them apart); the alternative
 * requiring the most keys is the most specific. Otherwise the payload is the documented one.
 */
function pickBranch(spec: ToolSpec, payload: unknown): BranchSpec | undefined {
  const documented = spec.branches.find((b) => b.kind === 'documented');
  if (!isObject(payload)) return documented;
  const has = (keys: readonly string[]) => keys.length > 0 && keys.every((key) => key in payload);
  if (documented !== undefined && has(documented.required)) return documented;
  let best: BranchSpec | undefined;
  for (const b of spec.branches) {
    if (b.kind === 'alternative' && has(b.required) && (best === undefined || b.required.length > best.required.length)) best = b;
  }
  return best ?? documented;
}

function readPayload(raw: CallToolResult | CompatibilityCallToolResult, text: string | undefined): unknown {
  if (raw.structuredContent !== undefined && raw.structuredContent !== null) return raw.structuredContent;
  if (text === undefined) return 'toolResult' in raw ? raw.toolResult : undefined; // protocol 2024-10-07 servers
  // Only objects and arrays are parsed: a text tool answering "42" or "true" keeps its string.
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const item of content) if (isObject(item) && item['type'] === 'text' && typeof item['text'] === 'string') return item['text'];
  return undefined;
}

// The message fields servers use, most specific first; JSON text is not a message, so it is skipped.
function messageOf(payload: unknown, text: string | undefined, hint: string | undefined): string | undefined {
  if (isObject(payload)) {
    const nested = isObject(payload['error']) ? payload['error'] : {};
    for (const value of [payload['message'], nested['message'], hint, payload['hint']]) if (typeof value === 'string' && value !== '') return value;
  } else if (typeof payload === 'string' && payload !== '') return payload;
  return text !== undefined && text !== '' && !/^\s*[[{]/.test(text) ? text : undefined;
}

function failure(spec: ToolSpec, code: string, message: string, details: unknown, issues?: readonly ValidationIssue[]): ToolError {
  return { tool: spec.name, code, message, details, ...(issues && { issues }) };
}

function invalid(spec: ToolSpec, payload: unknown, issues: readonly ValidationIssue[], raw: CallToolResult, branch: string): AnyToolResult {
  const message = `${spec.name} returned a result that does not match its ${branch} schema: ${describeIssue(issues)}`;
  return { ok: false, error: failure(spec, RuntimeErrorCode.InvalidResult, message, payload, issues), raw };
}

function describeIssue(issues: readonly ValidationIssue[]): string {
  const first = issues[0];
  return first === undefined ? '' : `${first.pointer || '(root)'} ${first.message}${issues.length > 1 ? ` (+${issues.length - 1} more)` : ''}`;
}

function toProtocolError(error: unknown, method: string, target: string): unknown {
  if (error instanceof McpProtocolError) return error;
  // Duck-typed too, for other clients and duplicate SDK copies; DOMException aborts also carry a numeric code.
  const looksRpc = isObject(error) && Number.isInteger(error['code']) && typeof error['message'] === 'string';
  if (error instanceof McpError || (looksRpc && error['name'] !== 'AbortError' && error['name'] !== 'TimeoutError')) {
    return new McpProtocolError(method, target, error as { code: number; message: string; data?: unknown });
  }
  return error;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---- Resources and prompts ---------------------------------------------------------------------

/** `resources/read`; JSON-RPC errors are thrown as `McpProtocolError`. */
export async function readResource(client: McpClientLike, uri: string, options?: RequestOptions): Promise<ReadResourceResult> {
  const read = client.readResource;
  if (typeof read !== 'function') throw new TypeError(`cannot read ${uri}: the client passed to the generated SDK has no readResource(params, options) method`);
  try {
    return await read.call(client, { uri }, options);
  } catch (error) {
    throw toProtocolError(error, 'resources/read', uri);
  }
}

/** `prompts/get`. Prompt arguments are strings on the wire; `undefined` members (optional arguments) are left out. */
export async function getPrompt<A extends { [K in keyof A]: string | undefined }>(client: McpClientLike, name: string, args?: A, options?: RequestOptions): Promise<GetPromptResult> {
  const get = client.getPrompt;
  if (typeof get !== 'function') throw new TypeError(`cannot get prompt ${name}: the client passed to the generated SDK has no getPrompt(params, options) method`);
  const wire: Record<string, string> = {};
  for (const [key, value] of Object.entries(args ?? {})) if (value !== undefined) wire[key] = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return await get.call(client, { name, arguments: wire }, options);
  } catch (error) {
    throw toProtocolError(error, 'prompts/get', name);
  }
}

export type UriTemplateValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

/**
 * Expands an RFC 6570 template with the SDK's `UriTemplate`, so URIs match what SDK servers parse.
 * Values are percent-encoded: in `{var}` a `/`, `?`, `#` cannot change the URI's structure; `{+var}`
 * and `{#var}` keep reserved characters, as RFC 6570 says. Two SDK gaps are handled here: it does
 * not encode multi-variable expressions like `{x,y}` or `{/x,y}` (expanded one variable at a time
 * instead), and it does not implement `{;x}` or `{x:3}` (rejected rather than expanded wrongly).
 */
export function expandUriTemplate<V extends { [K in keyof V]: UriTemplateValue }>(template: string, variables: V): string {
  const vars: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(variables) as [string, UriTemplateValue][]) {
    if (value !== undefined) vars[key] = typeof value === 'object' ? value.map(String) : String(value);
  }
  const rewritten = template.replace(/\{([^{}]*)\}/g, (whole, expr: string) => {
    const op = /^[+#./;?&=,!@|]/.test(expr) ? expr[0]! : '';
    if (!['', '+', '#', '.', '/', '?', '&'].includes(op)) throw new Error(`URI template ${template}: operator "${op}" is not supported`);
    if (/:\d/.test(expr)) throw new Error(`URI template ${template}: prefix modifiers ({var:n}) are not supported`);
    const names = expr.slice(op.length).split(',').map((n) => n.trim()).filter((n) => n !== '');
    if (names.length < 2 || op === '?' || op === '&') return whole;
    // Already-encoded text cannot contain "{" (encodeURI/encodeURIComponent escape it), so it is a safe literal.
    const parts = names.map((n) => new UriTemplate(`{${op}${n}}`).expand(vars)).filter((p) => p !== '');
    if (parts.length === 0) return '';
    if (op === '.' || op === '/') return parts.join('');
    return op === '#' ? `#${parts.map((p) => p.slice(1)).join(',')}` : parts.join(',');
  });
  return new UriTemplate(rewritten).expand(vars);
}
