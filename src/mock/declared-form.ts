import { outputBranches, requiredOf } from '../model/branches.js';
import { deriveErrorCodes, type ErrorCode } from '../schema/error-codes.js';
import type { JsonObject } from '../shared/json.js';
import type { MockTool } from './catalog.js';
import { generatedValue } from '../schema/example-data.js';
import type { MockErrorIntent } from './mock-error.js';
import { schemaCheck, type SchemaCheck } from '../schema/schema-check.js';

type Source = ErrorCode['source'];

/** How the tool's (effective) output schema declares each code, found as the generator finds it. */
interface Declared {
  readonly sources: ReadonlyMap<string, Source>;
  /** Each error branch's schema (its parent's keywords merged in, as the client validates it), by index. */
  readonly branches: ReadonlyMap<number, { schema: JsonObject; check: SchemaCheck }>;
}

const declared = new WeakMap<MockTool, Declared>();

function declaredOf(mock: MockTool): Declared {
  let found = declared.get(mock);
  if (found === undefined) {
    const tool = mock.output ? { ...mock.tool, outputSchema: mock.output } : mock.tool;
    const sources = new Map(deriveErrorCodes(tool).map((c) => [c.code, c.source]));
    const branches = new Map<number, { schema: JsonObject; check: SchemaCheck }>();
    for (const b of mock.output ? outputBranches(mock.output) : [])
      if (b.kind === 'error')
        branches.set(b.index, { schema: b.schema, check: schemaCheck(b.schema) });
    found = { sources, branches };
    declared.set(mock, found);
  }
  return found;
}

/** What a call is, for the data that fills an envelope's required fields (the same for the same call). */
export interface CallSeed {
  readonly seed: number;
  readonly args: unknown;
}

/**
 * The error envelope `mockError(code, details)` stands for, when the tool's output schema declares
 * `code` in one: `{ "error": code, ...details }` for a branch whose code key fixes the code,
 * `{ "_budget_exceeded": true, ...details }` for a branch keyed by it (a value given in `details`
 * under that key is kept unless it reads as unset, `false` or `null`). A required field `details`
 * leaves out is filled: `message` with "mock error: <code>", `retryable` with false, any other (or
 * one those do not fit) with data generated for the branch, so the client accepts the envelope as
 * that code. Undefined for a code no branch declares (the config's): that one is an `isError` payload.
 */
export function declaredEnvelope(
  mock: MockTool,
  intent: MockErrorIntent,
  call: CallSeed,
): JsonObject | undefined {
  const { sources, branches } = declaredOf(mock);
  const source = sources.get(intent.code);
  if (source === undefined || source.kind === 'config') return undefined;
  const key = source.kind === 'envelope-key' ? source.key : source.property;
  const given = intent.details[key];
  const value =
    source.kind === 'property-value'
      ? intent.code
      : given === undefined || given === null || given === false
        ? true
        : given;
  const envelope: JsonObject = {};
  put(envelope, key, value);
  for (const [name, field] of Object.entries(intent.details))
    if (name !== key) put(envelope, name, field);
  const branch = branches.get(source.branch);
  return branch === undefined ? envelope : filled(envelope, branch, intent.code, mock, call);
}

// The envelope with the required fields it lacks: the usual words first, then generated data.
function filled(
  envelope: JsonObject,
  branch: { schema: JsonObject; check: SchemaCheck },
  code: string,
  mock: MockTool,
  call: CallSeed,
): JsonObject {
  const missing = requiredOf(branch.schema).filter((k) => !Object.hasOwn(envelope, k));
  if (missing.length === 0) return envelope;
  const usual: JsonObject = { message: `mock error: ${code}`, retryable: false };
  const first: JsonObject = { ...envelope };
  for (const k of missing) if (Object.hasOwn(usual, k)) put(first, k, usual[k]!);
  if (branch.check(first).length === 0) return first;
  const data = generatedValue(branch.schema, branch.check, call.seed, mock.tool.name, call.args);
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return first;
  const second: JsonObject = { ...first };
  for (const k of missing) if (Object.hasOwn(data, k)) put(second, k, (data as JsonObject)[k]!);
  return branch.check(second).length === 0 ? second : first;
}

// An own data property, whatever the key (a server's `__proto__` included): never the prototype.
function put(target: JsonObject, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}
