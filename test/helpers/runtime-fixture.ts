/**
 * Hand-written ToolSpecs and result types for fixtures/servers/results.ts, in the shape the
 * generator emits (self-contained branch schemas: parent keywords merged in), plus a helper that
 * starts the fixture over stdio with the SDK's real Client.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { RuntimeErrorCode } from '../../templates/runtime.js';
import type { ToolError, ToolResult, ToolSpec } from '../../templates/runtime.js';

export { repoRoot } from './paths.js';
import { repoRoot } from './paths.js';

/** Starts `fixtures/servers/results.ts` as a child process and connects a real SDK Client to it. */
export async function connectResultsServer(): Promise<Client> {
  const client = new Client({ name: 'runtime-tests', version: '0.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'fixtures/servers/results.ts'],
    cwd: repoRoot,
    stderr: 'inherit',
  });
  await client.connect(transport);
  return client;
}

const weatherDocumented = {
  type: 'object',
  required: ['city', 'temperature_c', 'conditions', 'observed_at'],
  properties: {
    city: { type: 'string' },
    temperature_c: { type: 'number' },
    conditions: { type: 'string', enum: ['clear', 'rain', 'snow'] },
    observed_at: { type: 'string', format: 'date-time' },
  },
} as const;

export const getWeather = {
  name: 'get_weather',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string', minLength: 1 },
      mode: {
        type: 'string',
        enum: ['documented', 'projection', 'attribution', 'budget', 'jmespath_too_long', 'jmespath_new_kind', 'invalid', 'missing_field'],
      },
    },
    required: ['city'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    anyOf: [
      { type: 'object', required: weatherDocumented.required, properties: weatherDocumented.properties },
      { required: ['projection'] },
      { required: ['data', '_attribution'] },
      { required: ['_budget_exceeded'] },
      { required: ['_jmespath_error'] },
      {
        required: ['error'],
        properties: { error: { type: 'string', enum: ['unknown_city'] }, requested: { type: 'string' }, hint: { type: 'string' } },
      },
    ],
  },
  branches: [
    { kind: 'documented', schema: weatherDocumented, required: weatherDocumented.required },
    { kind: 'alternative', variant: 'projection', schema: { type: 'object', required: ['projection'] }, required: ['projection'] },
    { kind: 'alternative', variant: 'attribution', schema: { type: 'object', required: ['data', '_attribution'] }, required: ['data', '_attribution'] },
    { kind: 'error', code: '_budget_exceeded', schema: { type: 'object', required: ['_budget_exceeded'] }, required: ['_budget_exceeded'] },
    { kind: 'error', code: '_jmespath_error', schema: { type: 'object', required: ['_jmespath_error'] }, required: ['_jmespath_error'] },
    {
      kind: 'error',
      schema: {
        type: 'object',
        required: ['error'],
        properties: { error: { type: 'string', enum: ['unknown_city'] }, requested: { type: 'string' }, hint: { type: 'string' } },
      },
      required: ['error'],
    },
  ],
  // Schema-derived codes plus worldmonitor's `_jmespath_error` kinds, as the config adds them.
  codes: ['_budget_exceeded', '_jmespath_error', 'expression_too_long', 'invalid_expression', 'projection_too_large', 'unknown_city'],
} as const satisfies ToolSpec;

export interface GetWeatherInput {
  city: string;
  mode?: 'documented' | 'projection' | 'attribution' | 'budget' | 'jmespath_too_long' | 'jmespath_new_kind' | 'invalid' | 'missing_field';
}
export interface GetWeatherOutput {
  city: string;
  temperature_c: number;
  conditions: 'clear' | 'rain' | 'snow';
  observed_at: string;
}
export type GetWeatherAlternative =
  | { variant: 'projection'; data: { projection: unknown } }
  | { variant: 'attribution'; data: { data: unknown; _attribution: unknown } };
export const GetWeatherErrorCode = {
  BudgetExceeded: '_budget_exceeded',
  JmespathError: '_jmespath_error',
  ExpressionTooLong: 'expression_too_long',
  InvalidExpression: 'invalid_expression',
  ProjectionTooLarge: 'projection_too_large',
  UnknownCity: 'unknown_city',
  ...RuntimeErrorCode,
} as const;
export type GetWeatherErrorCode = (typeof GetWeatherErrorCode)[keyof typeof GetWeatherErrorCode];
export type GetWeatherResult = ToolResult<GetWeatherOutput, GetWeatherAlternative, ToolError<GetWeatherErrorCode>>;

// draft-07, and a plain (non-anyOf) schema: one documented branch, the schema itself.
const stationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://fixtures.example/schemas/station.json',
  type: 'object',
  required: ['id', 'location'],
  properties: { id: { type: 'string' }, location: { $ref: '#/definitions/point' } },
  definitions: { point: { type: 'array', items: [{ type: 'number' }, { type: 'number' }], additionalItems: false } },
} as const;
export const lookupStation = {
  name: 'lookup_station',
  outputSchema: stationSchema,
  branches: [{ kind: 'documented', schema: stationSchema, required: stationSchema.required }],
  codes: [],
} as const satisfies ToolSpec;

const routeSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['legs'],
  properties: { legs: { type: 'array', items: { $ref: '#/$defs/leg' } } },
  $defs: { leg: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'string' }, { type: 'number', minimum: 0 }], items: false } },
} as const;
export const planRoute = {
  name: 'plan_route',
  outputSchema: routeSchema,
  branches: [{ kind: 'documented', schema: routeSchema, required: routeSchema.required }],
  codes: [],
} as const satisfies ToolSpec;

/** No outputSchema: no branches; codes come from the config only. */
export const fetchUpstream = {
  name: 'fetch_upstream',
  branches: [],
  codes: ['UPSTREAM_TIMEOUT', 'unknown_tool'],
} as const satisfies ToolSpec;

const reportSchema = {
  type: 'object',
  required: ['title', 'rows'],
  properties: { title: { type: 'string' }, rows: { type: 'array', items: { type: 'object', required: ['k', 'v'] } } },
} as const;
export const legacyReport = {
  name: 'legacy_report',
  outputSchema: reportSchema,
  branches: [{ kind: 'documented', schema: reportSchema, required: reportSchema.required }],
  codes: ['missing_report_id'],
} as const satisfies ToolSpec;
