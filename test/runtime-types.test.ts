/**
 * Type-level tests of templates/runtime.ts, checked by `tsc -p .` (npm run typecheck): ToolResult
 * narrowing, exhaustive switches over error codes, unwrap typing, and which clients are accepted.
 * The node:test part only proves the file loads; the assertions are the compile.
 */
import { test } from 'node:test';
import { expectTypeOf } from 'expect-type';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Client as ClientV2 } from '@modelcontextprotocol/client';
import {
  RuntimeErrorCode,
  ToolCallError,
  expandUriTemplate,
  getPrompt,
  invokeTool,
  unwrap,
} from '../templates/runtime.js';
import type {
  CallToolResult,
  CatalogField,
  GuardError,
  McpClientLike,
  RuntimeError,
  ToolError,
  ToolResult,
  UncheckedInputOptions,
} from '../templates/runtime.js';
import { getWeather } from './helpers/runtime-fixture.js';
import type {
  GetWeatherErrorCode,
  GetWeatherInput,
  GetWeatherOutput,
  GetWeatherResult,
} from './helpers/runtime-fixture.js';

// What the generator emits for a method: typed input, typed result.
declare const client: Client;
const getWeatherMethod = (args: GetWeatherInput): Promise<GetWeatherResult> =>
  invokeTool(client, getWeather, args);

test('type-level assertions compile (see tsc)', () => {
  expectTypeOf(RuntimeErrorCode.InvalidResult).toEqualTypeOf<'$invalid_result'>();
});

// The runtime's errors of a tool: `$unknown` and `$uncoded` always, a check code only when asked for.
expectTypeOf<RuntimeError['code']>().toEqualTypeOf<'$unknown' | '$uncoded'>();
expectTypeOf<RuntimeError<'$invalid_result'>['code']>().toEqualTypeOf<
  '$unknown' | '$uncoded' | '$invalid_result'
>();
expectTypeOf<RuntimeError<'$invalid_result' | '$invalid_input'>>().toEqualTypeOf<
  | ToolError<'$unknown', unknown>
  | ToolError<'$uncoded', unknown>
  | ToolError<'$invalid_result', unknown>
  | ToolError<'$invalid_input', unknown>
>();
// Where no input schema was embedded, asking for input validation is a type error.
expectTypeOf<{ validateInput: false }>().toExtend<UncheckedInputOptions>();
expectTypeOf<{ validateInput: true }>().not.toExtend<UncheckedInputOptions>();

export function narrowing(result: GetWeatherResult): void {
  if (result.ok) {
    if (result.variant === 'documented')
      expectTypeOf(result.data).toEqualTypeOf<GetWeatherOutput>();
    else if (result.variant === 'projection')
      expectTypeOf(result.data).toEqualTypeOf<{ projection: unknown }>();
    else {
      expectTypeOf(result.variant).toEqualTypeOf<'attribution'>();
      expectTypeOf(result.data).toEqualTypeOf<{ data: unknown; _attribution: unknown }>();
    }
    // @ts-expect-error: before narrowing on variant, data is not the documented type
    result.data.temperature_c;
  } else {
    // The error side is the tool's own union, nothing more: the guard's codes join it only where
    // generated code puts `GuardError` into it (the config's `guard`), see guardedNarrowing.
    expectTypeOf(result.error.code).toEqualTypeOf<GetWeatherErrorCode>();
    expectTypeOf(result.error.issues).toEqualTypeOf<
      | readonly { readonly pointer: string; readonly message: string; readonly keyword?: string }[]
      | undefined
    >();
  }
  expectTypeOf(result.raw).toEqualTypeOf<CallToolResult>();
}

/** Where the config's `guard` is on, generated code adds `GuardError` to a tool's error union. */
export function guardedNarrowing(
  result: ToolResult<GetWeatherOutput, never, ToolError<GetWeatherErrorCode> | GuardError>,
): void {
  if (result.ok) return;
  expectTypeOf(result.error.code).toEqualTypeOf<
    GetWeatherErrorCode | '$unavailable' | '$changed'
  >();
  if (result.error.code === '$changed')
    expectTypeOf(result.error.details).toEqualTypeOf<{ fields: CatalogField[] }>();
}

/** `error.code` narrows in a switch, and the switch can be exhaustive (a new code would fail here). */
export function exhaustive(error: ToolError<GetWeatherErrorCode>): string {
  switch (error.code) {
    case '_budget_exceeded':
    case '_jmespath_error':
    case 'expression_too_long':
    case 'invalid_expression':
    case 'projection_too_large':
      return 'retry with a narrower projection';
    case 'unknown_city':
      return 'ask for another city';
    case RuntimeErrorCode.Unknown:
      expectTypeOf(error.code).toEqualTypeOf<'$unknown'>();
      return `new code ${error.serverCode ?? ''}`;
    case RuntimeErrorCode.Uncoded:
    case RuntimeErrorCode.InvalidResult:
    case RuntimeErrorCode.InvalidInput:
      return error.message;
    default: {
      const unreachable: never = error.code;
      return unreachable;
    }
  }
}

export async function unwrapping(): Promise<void> {
  // With alternatives, unwrap gives the documented type or an alternative's.
  expectTypeOf(getWeatherMethod({ city: 'Oslo' }).then(unwrap)).resolves.toEqualTypeOf<
    GetWeatherOutput | { projection: unknown } | { data: unknown; _attribution: unknown }
  >();
  // Without alternatives, exactly the documented type.
  type Plain = ToolResult<{ id: string }, never, ToolError<'gone' | RuntimeErrorCode>>;
  const plain = (): Promise<Plain> =>
    invokeTool(client, { name: 'p', branches: [], codes: ['gone'] }, {});
  expectTypeOf(plain().then(unwrap)).resolves.toEqualTypeOf<{ id: string }>();
  expectTypeOf(
    new ToolCallError<ToolError<'gone'>>(
      { tool: 'p', code: 'gone', message: '', details: null },
      { content: [] },
    ).error.code,
  ).toEqualTypeOf<'gone'>();
}

export function inputs(): void {
  // @ts-expect-error: a wrong input type is a compile error in the generated method
  void getWeatherMethod({ city: 42 });
  // @ts-expect-error: so is a missing required property
  void getWeatherMethod({ mode: 'budget' });
  // @ts-expect-error: prompt arguments are strings
  void getPrompt(client, 'brief', { city: 42 });
  // @ts-expect-error: template variables are strings, numbers, booleans or arrays of them
  expandUriTemplate('x://{a}', { a: { nested: true } });
  expandUriTemplate('x://{a}{?b}', { a: 1, b: ['x', 'y'] });
}

export function clients(): void {
  // The SDK v1 and v2 Clients are accepted as they are; so is any object with a compatible callTool.
  expectTypeOf<Client>().toExtend<McpClientLike>();
  expectTypeOf<ClientV2>().toExtend<McpClientLike>();
  expectTypeOf<{
    callTool: (params: { name: string }) => Promise<{ content: [] }>;
  }>().toExtend<McpClientLike>();
  // A callTool that does not return a result object is not.
  expectTypeOf<{
    callTool: (params: { name: string }) => Promise<string>;
  }>().not.toExtend<McpClientLike>();
  expectTypeOf<{ callTool: McpClientLike['callTool'] }>().toExtend<McpClientLike>();
  expectTypeOf<{ readResource: McpClientLike['readResource'] }>().not.toExtend<McpClientLike>();
}
