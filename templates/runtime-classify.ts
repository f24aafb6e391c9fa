/**
 * mcp-codegen runtime: reading a `tools/call` result and deciding which branch it is. Payloads are
 * server data: keys are looked up with `Object.hasOwn` only, so a payload key named `__proto__`,
 * `constructor` or `hasOwnProperty` is an ordinary key, and inherited members are never mistaken
 * for payload fields. Nothing here recurses: each step looks at most one level into the payload.
 */
import type { CallToolResult, ContentBlock, ProtocolEra } from './runtime-protocol.js';
import type { BranchSpec, EraForm, ToolContent, ToolSpec } from './runtime-spec.js';

type Payload = { readonly [key: string]: unknown };

export function isObject(value: unknown): value is Payload {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An own member of a payload object, or undefined: never an inherited one. */
export function own(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function hasOwnKey(value: Payload, key: string): boolean {
  return Object.hasOwn(value, key);
}

function isWrapped(value: unknown): value is { result: unknown } {
  return isObject(value) && hasOwnKey(value, 'result') && Object.keys(value).length === 1;
}

/**
 * The payload: `structuredContent`, else the first text item of `content`, parsed when it looks
 * like a JSON object or array and kept as the string otherwise (a text tool answering "42" stays "42").
 *
 * For a non-object output (`eraForm`), SDK v2 servers send `structuredContent` as `{ result: value }`
 * in the legacy era and as the bare value in the modern era, and the text fallback as the bare value
 * in both. The payload is brought to the snapshot's form, so its type holds in either era.
 */
export function readPayload(eraForm: EraForm | undefined, raw: CallToolResult, era: ProtocolEra | undefined): { payload: unknown; text: string | undefined } {
  const text = firstText(raw.content);
  const structured = raw.structuredContent !== undefined && raw.structuredContent !== null;
  let payload: unknown = structured ? raw.structuredContent : text === undefined ? raw.toolResult : parseText(text);
  if (eraForm === undefined || payload === undefined || raw.isError === true) return { payload, text };
  // Which form arrived: the era says so for structuredContent when known; text is always bare.
  // A payload already in the envelope's shape is never wrapped twice.
  const arrivedWrapped = structured && era !== 'modern' && isWrapped(payload);
  if (eraForm === 'wrapped' && !isWrapped(payload)) payload = { result: payload };
  else if (eraForm === 'raw' && arrivedWrapped) payload = (payload as { result: unknown }).result;
  return { payload, text };
}

function parseText(text: string): unknown {
  return parseJsonText(text) ?? text;
}

/** JSON text that is an object or array, parsed; undefined otherwise ("42" or "true" is a text answer, not JSON). */
function parseJsonText(text: string): unknown {
  if (!/^\s*[[{]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * What a tool without an outputSchema sent, read for people and for code: the first block's text,
 * the JSON it holds (or `structuredContent`, or a 2024-10-07 `toolResult`), and every block.
 * Items that are not objects are dropped from `content`, so `block.type` never throws.
 */
export function contentData(raw: CallToolResult): ToolContent {
  const content = (raw.content as unknown[]).filter(isObject) as unknown as ContentBlock[];
  const data: ToolContent = { content };
  const first = content[0];
  const text = own(first, 'text');
  if (own(first, 'type') === 'text' && typeof text === 'string') data.text = text;
  const json =
    raw.structuredContent !== undefined && raw.structuredContent !== null
      ? raw.structuredContent
      : data.text !== undefined
        ? parseJsonText(data.text)
        : content.length === 0
          ? raw.toolResult
          : undefined;
  if (json !== undefined) data.json = json;
  return data;
}

function firstText(content: unknown): string | undefined {
  if (!Array.isArray(content)) return undefined;
  for (const item of content as unknown[]) {
    const t = own(item, 'text');
    if (own(item, 'type') === 'text' && typeof t === 'string') return t;
  }
  return undefined;
}

/**
 * The payload keys that carry an error code, most specific first; an `error` object's `code` is read
 * after them. The generator's list, restated (src/schema/error-codes.ts `CODE_PROPERTIES`; its test
 * holds the two equal): generated code imports nothing.
 */
export const CODE_KEYS: readonly ['code', 'errorCode', 'error_code', 'error'] = ['code', 'errorCode', 'error_code', 'error'];

/**
 * A code is a token: no spaces, at most 64 characters (src/schema/error-codes.ts `CODE_TOKEN`). A
 * sentence under a code key is the server's message (`{ "error": "No accounts found." }`), not a code.
 */
export const CODE_TOKEN: RegExp = /^[A-Za-z_$][A-Za-z0-9_.:$-]{0,63}$/;

// A code slot's code: a token, or a number as its decimal text (a status such as 404 is no sentence).
function codeOf(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  return typeof value === 'string' && CODE_TOKEN.test(value) ? value : undefined;
}

// The codes a payload carries, key by key in `CODE_KEYS` order, then `error.code`.
function codesIn(payload: Payload): string[] {
  const slots = [...CODE_KEYS.map((key) => own(payload, key)), own(own(payload, 'error'), 'code')];
  return slots.map(codeOf).filter((code): code is string => code !== undefined);
}

/** The code as sent, the error branch it belongs to, an envelope key's string value. */
export type Found = { sent?: string; branch?: BranchSpec; hint?: string };

type ErrorBranch = Extract<BranchSpec, { kind: 'error' }>;

/**
 * Finds the code of an error payload. For `isError` results any code under a code key counts; for
 * ordinary results (soft errors) only known codes and declared error branches do, so a documented
 * payload that merely has an `error` field is not mistaken for a failure. Error branches that share
 * a key (`error`) are told apart by its value (`const`/`enum`), not by which comes first.
 */
export function findCode(spec: ToolSpec, payload: unknown, isError: boolean): Found | undefined {
  if (!isObject(payload)) return isError ? {} : undefined;
  const known = (value: string) => (spec.codes ?? []).includes(value);
  // `false`/`null` reads as "not set": `{ "_budget_exceeded": false }` or `{ "error": null }` is no error.
  const set = (key: string) => hasOwnKey(payload, key) && payload[key] !== false && payload[key] !== null;
  const errorBranches = (spec.branches ?? []).filter((b): b is ErrorBranch => b.kind === 'error');
  const fits = (b: ErrorBranch) => {
    if (b.discriminator === undefined) return true;
    const value = payload[b.discriminator.key];
    return hasOwnKey(payload, b.discriminator.key) && typeof value === 'string' && b.discriminator.values.includes(value);
  };
  const matching = errorBranches.find((b) => b.required.length > 0 && b.required.every(set) && fits(b));
  const branchFor = (code: string) =>
    errorBranches.find((b) => b.code === code) ?? errorBranches.find((b) => b.discriminator?.values.includes(code) === true) ?? matching;

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
  // 2. A code under a code key (or `error: { code }`): `{ "error": "unknown_city", ... }`.
  const codes = codesIn(payload);
  for (const sent of codes) {
    if (isError || known(sent)) {
      const branch = branchFor(sent);
      return { sent, ...(branch && { branch }) };
    }
  }
  // 3. A declared error branch whose required keys are all set (its code may be unknown).
  const loose = matching ?? errorBranches.find((b) => b.required.length > 0 && b.required.every(set));
  if (loose !== undefined) {
    const sent = loose.code ?? codes[0];
    return { ...(sent !== undefined && { sent }), branch: loose };
  }
  return isError ? {} : undefined;
}

/**
 * An alternative wins when all its required keys are present and the documented branch's are not
 * (or the documented branch requires nothing, so presence cannot tell them apart); the alternative
 * requiring the most keys is the most specific. Otherwise the payload is the documented one.
 */
export function pickBranch(spec: ToolSpec, payload: unknown): BranchSpec | undefined {
  const documented = spec.branches?.find((b) => b.kind === 'documented');
  if (!isObject(payload)) return documented;
  const has = (keys: readonly string[]) => keys.length > 0 && keys.every((key) => hasOwnKey(payload, key));
  if (documented !== undefined && has(documented.required ?? [])) return documented;
  let best: (BranchSpec & { kind: 'alternative' }) | undefined;
  for (const b of spec.branches ?? []) {
    if (b.kind === 'alternative' && has(b.required) && (best === undefined || b.required.length > best.required.length)) best = b;
  }
  return best ?? documented;
}

/**
 * The server's own words for an error, for people: `message` (or `error.message`), else an
 * `error`/`detail`/`hint` string that is not the code itself (`{ "error": "no such table: nope",
 * "code": "EXECUTION_ERROR" }` says "no such table: nope"), or a sentence under another code key,
 * else the text the server sent. A string equal to the code is a code, not a message; JSON text is
 * not a message either.
 */
export function messageOf(payload: unknown, text: string | undefined, found: Found): string | undefined {
  const isMessage = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value !== found.sent;
  if (isObject(payload)) {
    const nested = own(payload, 'error');
    const sentences = CODE_KEYS.map((key) => own(payload, key)).filter((v) => codeOf(v) === undefined);
    const candidates = [
      own(payload, 'message'), own(nested, 'message'), nested, ...sentences, own(payload, 'detail'),
      own(nested, 'detail'), found.hint, own(payload, 'hint'), own(nested, 'hint'),
    ];
    for (const value of candidates) if (isMessage(value)) return value;
  } else if (isMessage(payload)) return payload;
  return text !== undefined && isMessage(text) && !/^\s*[[{]/.test(text) ? text : undefined;
}
