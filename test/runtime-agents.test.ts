/**
 * templates/runtime-agents.ts, what the adapters' generated files call at run time, given → want:
 * `joinToolSets` (an aggregate's `flatToolSet`), `parametersOf` and `modelOutput` (openai-agents.ts).
 * The generated files that call them run in test/agents-openai.test.ts and test/aggregate-agents.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { joinToolSets, modelOutput, parametersOf } from '../templates/runtime-agents.js';

test('joinToolSets: each row takes its server set’s own tool under the flat name', () => {
  const notes = { search: 'notes.search', add: 'notes.add' };
  const db = JSON.parse('{"search": "db.search", "__proto__": "db.proto"}') as object;
  const rows: Array<[given: string, row: [string, string, string], want: Record<string, unknown>]> =
    [
      ['a tool the set has', ['notesSearch', 'notes', 'search'], { notesSearch: 'notes.search' }],
      [
        'another server’s tool of the same name',
        ['dbSearch', 'db', 'search'],
        { dbSearch: 'db.search' },
      ],
      ['a tool the set does not have', ['gone', 'notes', 'remove'], {}],
      ['a name only the prototype has', ['ctor', 'notes', 'constructor'], {}],
      ['an own `__proto__` key', ['proto', 'db', '__proto__'], { proto: 'db.proto' }],
      ['a server no set was given for', ['lost', 'files', 'read'], {}],
    ];
  for (const [given, row, want] of rows)
    assert.deepEqual(joinToolSets([row], { notes, db }), want, given);
  assert.deepEqual(
    Object.keys(
      joinToolSets(
        rows.map(([, row]) => row),
        { notes, db },
      ),
    ),
    ['notesSearch', 'dbSearch', 'proto'],
    'in the rows’ order',
  );
});

test('parametersOf: the draft 2020-12 JSON Schema without `$schema`, a fresh copy each time', () => {
  const asked: string[] = [];
  const schema = {
    '~standard': {
      jsonSchema: {
        input: ({ target }: { target: string }) => {
          asked.push(target);
          return { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' };
        },
      },
    },
  };
  assert.deepEqual(parametersOf(schema), { type: 'object' });
  assert.deepEqual(asked, ['draft-2020-12']);
});

test('modelOutput: the data as it is, a coded error as JSON text in the server’s words', () => {
  assert.deepEqual(modelOutput({ ok: true, data: { a: 1 } }), { a: 1 });
  const error = { code: 'unknown_city', serverCode: 'E42', message: 'no city', details: { x: 1 } };
  assert.deepEqual(JSON.parse(modelOutput({ ok: false, error }) as string), { error });
});
