/**
 * Issue 47 item 4 and issue 49 item 3: one home for each run-time convention. The generator, the lint
 * and the mock read them from src/; the runtime (generated code imports nothing) restates them, and
 * this file holds the two equal, by value and by what each side does with them:
 * - the payload keys that carry an error code, and what a code is (a token);
 * - the JSON Schema dialect a `$schema` declares;
 * - which schemas the run-time validator cannot use (the client and the mock both refuse every value).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import { lintSnapshot } from '../src/lint/engine.js';
import { schemaCheck } from '../src/schema/schema-check.js';
import { schemaDialect } from '../src/schema/dialect.js';
import { CODE_PROPERTIES, CODE_TOKEN, deriveErrorCodes } from '../src/schema/error-codes.js';
import { unusableSchemaReason } from '../src/schema/unusable.js';
import {
  parseSnapshot,
  parseSnapshotText,
  type JsonObject,
  type Tool,
} from '../src/snapshot/index.js';
import { CODE_KEYS, CODE_TOKEN as RUNTIME_CODE_TOKEN } from '../templates/runtime-classify.js';
import {
  classifyResult,
  type AnyToolResult,
  type ToolError,
  type ToolSpec,
} from '../templates/runtime.js';
import { dialectOf, jsonSchemaValidator } from '../templates/runtime-validate.js';
import { fixtureCatalogs, sharedCatalogs } from './helpers/paths.js';

const errorOf = (result: AnyToolResult) => {
  assert.ok(!result.ok, JSON.stringify(result));
  return result.error as ToolError;
};

const isErrorText = (payload: unknown) => ({
  isError: true,
  content: [{ type: 'text', text: JSON.stringify(payload) }],
});

describe('the code keys and the code token', () => {
  test("the runtime's restated list and token equal the generator's", () => {
    assert.deepEqual([...CODE_KEYS], [...CODE_PROPERTIES]);
    assert.equal(RUNTIME_CODE_TOKEN.source, CODE_TOKEN.source);
    assert.equal(RUNTIME_CODE_TOKEN.flags, CODE_TOKEN.flags);
  });

  // Each key, through each side: the generator derives the code from an enum under it, the lint
  // flags it as free text, the runtime reads the code from it.
  for (const key of CODE_PROPERTIES) {
    test(`${key}: a code key for the generator, the lint and the runtime alike`, () => {
      const tool: Tool = {
        name: 'get_quota',
        inputSchema: { type: 'object' },
        outputSchema: {
          anyOf: [
            { type: 'object', properties: { used: { type: 'number' } }, required: ['used'] },
            {
              type: 'object',
              properties: { [key]: { enum: ['quota_exceeded'] }, message: { type: 'string' } },
              required: [key],
            },
          ],
        },
      };
      assert.deepEqual(
        deriveErrorCodes(tool).map((c) => c.code),
        ['quota_exceeded'],
      );
      const free = structuredClone(tool);
      const branch = (free.outputSchema!.anyOf as JsonObject[])[1]!;
      (branch.properties as JsonObject)[key] = { type: 'string' };
      const findings = lintSnapshot(parseSnapshot({ tools: [free] }, 'x')).findings;
      assert.deepEqual(
        findings.filter((f) => f.id === 'error-branch-uncoded').map((f) => f.pointer),
        [`/outputSchema/anyOf/1/properties/${key}`],
      );
      const spec: ToolSpec = { name: 'get_quota', branches: [], codes: ['quota_exceeded'] };
      const result = classifyResult(spec, isErrorText({ [key]: 'quota_exceeded' }));
      assert.equal(errorOf(result).code, 'quota_exceeded');
    });
  }

  test('a sentence under a code key is no code: not derived, flagged by the lint, $uncoded at run time', () => {
    const sentence = 'No accounts found. Please login first.';
    const tool: Tool = {
      name: 'list_mail',
      inputSchema: { type: 'object' },
      outputSchema: {
        anyOf: [
          { type: 'object', properties: { mail: { type: 'array' } }, required: ['mail'] },
          {
            type: 'object',
            properties: { error: { enum: [sentence, 'rate_limited'] } },
            required: ['error'],
          },
        ],
      },
    };
    assert.deepEqual(
      deriveErrorCodes(tool).map((c) => c.code),
      ['rate_limited'],
    );
    const findings = lintSnapshot(parseSnapshot({ tools: [tool] }, 'x')).findings;
    const uncoded = findings.filter((f) => f.id === 'error-branch-uncoded');
    assert.deepEqual(
      uncoded.map((f) => f.pointer),
      ['/outputSchema/anyOf/1/properties/error'],
    );
    assert.match(uncoded[0]!.message, /No accounts found\. Please login first\./);
    const spec: ToolSpec = { name: 'list_mail', branches: [], codes: ['rate_limited'] };
    const prose = errorOf(classifyResult(spec, isErrorText({ error: sentence })));
    assert.deepEqual([prose.code, prose.message], ['$uncoded', sentence]);
    const token = errorOf(classifyResult(spec, isErrorText({ error: 'rate_limited' })));
    assert.equal(token.code, 'rate_limited');
  });
});

/** Every `$schema` value worth asking about: the dialects in every spelling, others, and the catalogs'. */
function dialectCases(): unknown[] {
  const uris = [
    'https://json-schema.org/draft/2020-12/schema',
    'https://json-schema.org/draft/2019-09/schema',
  ];
  for (const n of ['00', '01', '02', '03', '04', '05', '06', '07', '08'])
    uris.push(`http://json-schema.org/draft-${n}/schema`);
  const spelled = uris.flatMap((u) => [
    u,
    `${u}#`,
    u.replace(/^https?/, (s) => (s === 'http' ? 'https' : 'http')),
    u.replace('/schema', '/hyper-schema'),
  ]);
  const found = new Set<string>();
  for (const file of [...fixtureCatalogs(), ...sharedCatalogs().files])
    for (const m of readFileSync(file, 'utf8').matchAll(/"\$schema":\s*("(?:[^"\\]|\\.)*")/g))
      found.add(JSON.parse(m[1]!) as string);
  return [
    undefined,
    42,
    '',
    'http://json-schema.org/schema#',
    'https://json-schema.org/draft/2021-01/schema',
    'https://json.schemastore.org/sarif-2.1.0.json',
    'urn:example:my-dialect',
    ...spelled,
    ...found,
  ];
}

function dialectOrReason(classify: (schema: { $schema?: unknown }) => string, value: unknown) {
  try {
    return classify(value === undefined ? {} : { $schema: value });
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

describe('one dialect classifier', () => {
  test("the runtime's dialectOf equals the generator's and the mock's schemaDialect", () => {
    const cases = dialectCases();
    assert.ok(cases.length > 40, `${cases.length} cases`);
    for (const value of cases)
      assert.equal(
        dialectOrReason(dialectOf as never, value),
        dialectOrReason(schemaDialect as never, value),
        JSON.stringify(value),
      );
  });

  test('draft-04 is draft-04 in both: its boolean exclusiveMinimum is a flag on minimum', () => {
    assert.equal(schemaDialect({ $schema: 'http://json-schema.org/draft-04/schema#' }), '4');
    const schema = {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'number',
      minimum: 0,
      exclusiveMinimum: true,
    };
    const client = jsonSchemaValidator(schema);
    const mock = schemaCheck(schema);
    for (const [value, valid] of [
      [0.5, true],
      [3, true],
      [0, false],
      [-1, false],
    ] as const) {
      assert.equal(client(value).length === 0, valid, `client: ${value}`);
      assert.equal(mock(value).length === 0, valid, `mock: ${value}`);
    }
  });

  test('a dialect the validator does not read is refused by both, saying which', () => {
    const schema = { $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' };
    const [issue] = jsonSchemaValidator(schema)({});
    assert.equal(issue?.keyword, '$compile');
    assert.match(issue!.message, /draft-03/);
    const checked = schemaCheck(schema)({});
    assert.equal(checked.length, 1);
    assert.match(checked[0]!.message, /draft-03/);
  });
});

// Schemas the validator cannot use, each with one reason, and usable ones beside them.
const UNUSABLE: Record<string, JsonObject> = {
  badPattern: { type: 'object', properties: { id: { type: 'string', pattern: '[a-' } } },
  badPatternKey: { type: 'object', patternProperties: { '(?<': { type: 'string' } } },
  unresolvedRef: { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
  remoteRef: { type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } },
  draft03: { $schema: 'http://json-schema.org/draft-03/schema#', type: 'object' },
  unknownDraft: { $schema: 'https://json-schema.org/draft/2031-01/schema' },
};
const USABLE: Record<string, JsonObject> = {
  plain: { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } },
  localRef: {
    type: 'object',
    properties: { a: { $ref: '#/$defs/a' } },
    $defs: { a: { type: 'string' } },
  },
  draft07: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' },
  customMetaSchema: { $schema: 'https://json.schemastore.org/sarif-2.1.0.json', type: 'object' },
};

/** Every input and output schema of the fixture and shared catalogs, read as `generate` reads them. */
function catalogSchemas(): Array<[string, JsonObject]> {
  const out: Array<[string, JsonObject]> = [];
  for (const file of [...fixtureCatalogs(), ...sharedCatalogs().files])
    for (const tool of parseSnapshotText(readFileSync(file, 'utf8'), file).tools)
      for (const key of ['inputSchema', 'outputSchema'] as const) {
        const schema = tool[key];
        if (schema !== undefined) out.push([`${file}: ${tool.name} ${key}`, schema]);
      }
  return out;
}

describe('one policy for a schema the validator cannot use', () => {
  test('crafted schemas: refused by the client, the mock and the generator alike, each with its reason', () => {
    for (const [name, schema] of Object.entries(UNUSABLE)) {
      const reason = unusableSchemaReason(schema);
      assert.ok(reason, `${name}: the generator names a reason`);
      const client = jsonSchemaValidator(schema)({});
      assert.deepEqual(
        client.map((i) => i.keyword),
        ['$compile'],
        `${name}: the client rejects every value`,
      );
      assert.ok(client[0]!.message.endsWith(reason), `${name}: ${client[0]!.message} / ${reason}`);
      const check = schemaCheck(schema);
      assert.equal(check.unusable, reason, `${name}: the mock refuses it, saying why`);
      assert.equal(check({}).length, 1, `${name}: the mock rejects every value`);
    }
    for (const [name, schema] of Object.entries(USABLE)) {
      assert.equal(unusableSchemaReason(schema), undefined, name);
      assert.deepEqual(jsonSchemaValidator(schema)({}), [], name);
      assert.equal(schemaCheck(schema).unusable, undefined, name);
    }
  });

  test('every schema of the fixture and shared catalogs: the same verdict on both sides', () => {
    const schemas = catalogSchemas();
    // 101 in fixtures/catalogs, 786 with ../shared/catalogs.
    assert.ok(schemas.length > (sharedCatalogs().skip ? 90 : 700), `${schemas.length} schemas`);
    let unusable = 0;
    for (const [where, schema] of schemas) {
      const reason = unusableSchemaReason(schema);
      const refused = jsonSchemaValidator(schema)(null).some(
        (i) => i.keyword === '$compile' && i.message.startsWith('the schema could not be compiled'),
      );
      assert.equal(refused, reason !== undefined, `${where}: ${reason}`);
      assert.equal(schemaCheck(schema).unusable, reason, where);
      if (reason !== undefined) unusable++;
    }
    assert.ok(unusable >= 2, 'hostile.json and correct-doc-tags.json hold unusable schemas');
  });
});
