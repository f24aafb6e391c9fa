/**
 * Hand-written ToolSpecs and result types for fixtures/servers/results.ts, in the shape the
 * generator emits (self-contained branch schemas: parent keywords merged in), plus a helper that
 * starts the fixture over stdio with the SDK's real Client. The specs' validators are the ones the
 * generator emits for these schemas (src/emit's validator module), written to test/.tmp and imported.
 */
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { StdioClientTransport as StdioClientTransportV2 } from '@modelcontextprotocol/client/stdio';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ProtocolEra } from '../../templates/runtime.js';
import { RuntimeErrorCode } from '../../templates/runtime.js';
import type { ToolError, ToolResult, ToolSpec, Validator } from '../../templates/runtime.js';
import { compileValidators } from './runtime-validators.js';

export { repoRoot } from './paths.js';
import { repoRoot } from './paths.js';
import { fixtureArgs } from './servers.js';

/** Starts `fixtures/servers/results.ts` as a child process and connects a real SDK Client to it. */
export async function connectResultsServer(): Promise<Client> {
  const client = new Client({ name: 'runtime-tests', version: '0.0.0' });
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...fixtureArgs('results')],
    cwd: repoRoot,
    stderr: 'inherit',
  });
  await client.connect(transport);
  return client;
}

/** Which fixture server: the v1 `Server` one (results.ts) or the v2 `McpServer` one (v2-results.ts). */
export type FixtureServer = 'results' | 'v2-results' | 'shapes';

/** Starts a fixture server over stdio and connects an SDK v1 `Client` (always the legacy era). */
export async function connectV1(server: FixtureServer): Promise<Client> {
  const client = new Client({ name: 'runtime-tests', version: '0.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: fixtureArgs(server),
      cwd: repoRoot,
      stderr: 'inherit',
    }),
  );
  return client;
}

/**
 * Starts a fixture server over stdio and connects an SDK v2 `Client` in the given era: the default
 * (no negotiation, the 2025 `initialize`), or pinned to 2026-07-28 (`server/discover`).
 */
export async function connectV2(server: FixtureServer, era: ProtocolEra): Promise<ClientV2> {
  const options = era === 'modern' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {};
  const client = new ClientV2({ name: 'runtime-tests', version: '0.0.0' }, options);
  await client.connect(
    new StdioClientTransportV2({
      command: process.execPath,
      args: fixtureArgs(server),
      cwd: repoRoot,
      stderr: 'inherit',
    }),
  );
  if (client.getProtocolEra() !== era)
    throw new Error(`expected the ${era} era, the client negotiated ${client.getProtocolEra()}`);
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

const weatherInput = {
  type: 'object',
  properties: {
    city: { type: 'string', minLength: 1 },
    mode: {
      type: 'string',
      enum: [
        'documented',
        'projection',
        'attribution',
        'budget',
        'jmespath_too_long',
        'jmespath_new_kind',
        'invalid',
        'missing_field',
      ],
    },
  },
  required: ['city'],
  additionalProperties: false,
} as const;
const weatherOutput = {
  type: 'object',
  anyOf: [
    {
      type: 'object',
      required: weatherDocumented.required,
      properties: weatherDocumented.properties,
    },
    { required: ['projection'] },
    { required: ['data', '_attribution'] },
    { required: ['_budget_exceeded'] },
    { required: ['_jmespath_error'] },
    {
      required: ['error'],
      properties: {
        error: { type: 'string', enum: ['unknown_city'] },
        requested: { type: 'string' },
        hint: { type: 'string' },
      },
    },
  ],
} as const;
const unknownCityEnvelope = {
  type: 'object',
  required: ['error'],
  properties: {
    error: { type: 'string', enum: ['unknown_city'] },
    requested: { type: 'string' },
    hint: { type: 'string' },
  },
} as const;

export interface GetWeatherInput {
  city: string;
  mode?:
    | 'documented'
    | 'projection'
    | 'attribution'
    | 'budget'
    | 'jmespath_too_long'
    | 'jmespath_new_kind'
    | 'invalid'
    | 'missing_field';
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
export type GetWeatherResult = ToolResult<
  GetWeatherOutput,
  GetWeatherAlternative,
  ToolError<GetWeatherErrorCode>
>;

// draft-07, and a plain (non-anyOf) schema: one documented branch, the schema itself.
const stationSchema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  $id: 'https://fixtures.example/schemas/station.json',
  type: 'object',
  required: ['id', 'location'],
  properties: { id: { type: 'string' }, location: { $ref: '#/definitions/point' } },
  definitions: {
    point: {
      type: 'array',
      items: [{ type: 'number' }, { type: 'number' }],
      additionalItems: false,
    },
  },
} as const;
// As embedded for validation: `$id` dropped (see src/model/validation-schema.ts).
const { $id: _stationId, ...stationValidated } = stationSchema;

const routeSchema = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  required: ['legs'],
  properties: { legs: { type: 'array', items: { $ref: '#/$defs/leg' } } },
  $defs: {
    leg: {
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'string' }, { type: 'number', minimum: 0 }],
      items: false,
    },
  },
} as const;

const reportSchema = {
  type: 'object',
  required: ['title', 'rows'],
  properties: {
    title: { type: 'string' },
    rows: { type: 'array', items: { type: 'object', required: ['k', 'v'] } },
  },
} as const;

/** The schemas as the fixture lists them, for the test that the specs mirror tools/list. */
export const listedSchemas = {
  get_weather: { inputSchema: weatherInput, outputSchema: weatherOutput },
  lookup_station: { outputSchema: stationSchema },
  plan_route: { outputSchema: routeSchema },
  legacy_report: { outputSchema: reportSchema },
} as const;

// Self-contained branch schemas (parent keywords merged in), as the generator embeds them.
const v = await compileValidators({
  weather0: weatherDocumented,
  weather1: { type: 'object', required: ['projection'] },
  weather2: { type: 'object', required: ['data', '_attribution'] },
  weather3: { type: 'object', required: ['_budget_exceeded'] },
  weather4: { type: 'object', required: ['_jmespath_error'] },
  weather5: unknownCityEnvelope,
  weatherInput,
  station: stationValidated,
  route: routeSchema,
  report: reportSchema,
});
const validator = (name: string): Validator => {
  const found = v[name];
  if (found === undefined) throw new Error(`no validator ${name}`);
  return found;
};

export const getWeather = {
  name: 'get_weather',
  validateInput: validator('weatherInput'),
  branches: [
    { kind: 'documented', required: weatherDocumented.required, validate: validator('weather0') },
    {
      kind: 'alternative',
      variant: 'projection',
      required: ['projection'],
      validate: validator('weather1'),
    },
    {
      kind: 'alternative',
      variant: 'attribution',
      required: ['data', '_attribution'],
      validate: validator('weather2'),
    },
    {
      kind: 'error',
      code: '_budget_exceeded',
      required: ['_budget_exceeded'],
      validate: validator('weather3'),
    },
    {
      kind: 'error',
      code: '_jmespath_error',
      required: ['_jmespath_error'],
      validate: validator('weather4'),
    },
    {
      kind: 'error',
      required: ['error'],
      discriminator: { key: 'error', values: ['unknown_city'] },
      validate: validator('weather5'),
    },
  ],
  // Schema-derived codes plus worldmonitor's `_jmespath_error` kinds, as the config adds them.
  codes: [
    '_budget_exceeded',
    '_jmespath_error',
    'expression_too_long',
    'invalid_expression',
    'projection_too_large',
    'unknown_city',
  ],
} as const satisfies ToolSpec;

export const lookupStation = {
  name: 'lookup_station',
  branches: [
    { kind: 'documented', required: stationSchema.required, validate: validator('station') },
  ],
  codes: [],
} as const satisfies ToolSpec;

export const planRoute = {
  name: 'plan_route',
  branches: [{ kind: 'documented', required: routeSchema.required, validate: validator('route') }],
  codes: [],
} as const satisfies ToolSpec;

/** No outputSchema: no branches; codes come from the config only. */
export const fetchUpstream = {
  name: 'fetch_upstream',
  branches: [],
  codes: ['UPSTREAM_TIMEOUT', 'unknown_tool'],
} as const satisfies ToolSpec;

export const legacyReport = {
  name: 'legacy_report',
  branches: [
    { kind: 'documented', required: reportSchema.required, validate: validator('report') },
  ],
  codes: ['missing_report_id'],
} as const satisfies ToolSpec;
