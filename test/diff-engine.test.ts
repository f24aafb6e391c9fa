import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { diffSnapshots, effectiveHints, fingerprint } from '../src/diff/index.js';
import { InputError } from '../src/shared/errors.js';
import { parseSnapshot, type Snapshot } from '../src/snapshot/index.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'diff');
const load = (file: string) =>
  JSON.parse(readFileSync(join(fixtures, file), 'utf8')) as Record<string, unknown>;
const snap = (value: unknown, name = 'x.json') => parseSnapshot(value, name);
const tool = (inputSchema: unknown, extra: Record<string, unknown> = {}) => ({
  name: 't',
  inputSchema,
  ...extra,
});
const ids = (base: unknown, head: unknown) =>
  diffSnapshots(snap(base), snap(head)).findings.map((f) => `${f.id} ${f.pointer}`);
const inputPair = (a: unknown, b: unknown) => ids({ tools: [tool(a)] }, { tools: [tool(b)] });
const outputPair = (a: unknown, b: unknown) =>
  ids(
    { tools: [tool({ type: 'object' }, { outputSchema: a })] },
    { tools: [tool({ type: 'object' }, { outputSchema: b })] },
  );

/** Reverse every array that is a set (lists, required, enum, type) and every object's keys. */
function shuffle(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    const items = value.map((v) => shuffle(v));
    // Positional arrays keep their order: union branches are matched, tuples are not reordered.
    return key === 'prefixItems' || (key === 'items' && Array.isArray(value))
      ? items
      : items.reverse();
  }
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((k) => [k, shuffle((value as Record<string, unknown>)[k], k)]),
  );
}

test('no-op: a snapshot against a reordered, key-shuffled copy of itself reports nothing', () => {
  for (const file of ['base.json', 'head.json']) {
    const original = load(file);
    assert.deepEqual(diffSnapshots(snap(original), snap(shuffle(original))).findings, [], file);
  }
});

test('annotations: writing the spec defaults explicitly is no change', () => {
  const none = { tools: [tool({ type: 'object' })] };
  const empty = { tools: [tool({ type: 'object' }, { annotations: {} })] };
  const explicit = {
    tools: [
      tool(
        { type: 'object' },
        {
          annotations: {
            readOnlyHint: false,
            destructiveHint: true,
            idempotentHint: false,
            openWorldHint: true,
          },
        },
      ),
    ],
  };
  assert.deepEqual(ids(none, explicit), []);
  assert.deepEqual(ids(explicit, none), []);
  assert.deepEqual(ids(empty, explicit), []);
  // For a read-only tool, destructive/idempotent hints have no meaning: spelling them out is no change either.
  const ro = { tools: [tool({ type: 'object' }, { annotations: { readOnlyHint: true } })] };
  const roExplicit = {
    tools: [
      tool(
        { type: 'object' },
        { annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true } },
      ),
    ],
  };
  assert.deepEqual(ids(ro, roExplicit), []);
  assert.deepEqual(effectiveHints({ name: 'x', inputSchema: {} }), {
    readOnlyHint: false,
    destructiveHint: true,
    idempotentHint: false,
    openWorldHint: true,
  });
});

test('a $ref cycle does not hang, and a change inside the cycle is found', () => {
  const tree = (leafType: string) => ({
    type: 'object',
    properties: { root: { $ref: '#/$defs/node' } },
    $defs: {
      node: {
        type: 'object',
        properties: {
          value: { type: leafType },
          children: { type: 'array', items: { $ref: '#/$defs/node' } },
        },
      },
    },
  });
  assert.deepEqual(inputPair(tree('string'), tree('string')), []);
  assert.deepEqual(inputPair(tree('string'), { ...tree('string'), $comment: 'x' }), [
    'tool-schema-metadata-changed /inputSchema/$comment',
  ]);
  assert.deepEqual(inputPair(tree('number'), tree('integer')), [
    'tool-input-type-narrowed /inputSchema/properties/root/properties/value/type',
  ]);
  // A mutual cycle and a self-reference at the root.
  const mutual = {
    $ref: '#/$defs/a',
    $defs: {
      a: { type: 'object', properties: { b: { $ref: '#/$defs/b' } } },
      b: { type: 'object', properties: { a: { $ref: '#/$defs/a' } } },
    },
  };
  const self = { type: 'object', properties: { self: { $ref: '#' } } };
  assert.deepEqual(inputPair(mutual, structuredClone(mutual)), []);
  assert.deepEqual(inputPair(self, { ...self, required: ['self'] }), [
    'tool-input-property-became-required /inputSchema/properties/self',
  ]);
  // A pure $ref loop (a → b → a) resolves to nothing: equal text is no change, different text a warning.
  const loop = (target: string) => ({
    type: 'object',
    properties: { x: { $ref: target } },
    $defs: { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } },
  });
  assert.deepEqual(inputPair(loop('#/$defs/a'), loop('#/$defs/a')), []);
  assert.deepEqual(inputPair(loop('#/$defs/a'), loop('#/$defs/b')), [
    'tool-input-schema-changed /inputSchema/properties/x/$ref',
  ]);
});

test('composition: equal or reordered allOf/anyOf/oneOf report nothing', () => {
  const a = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] };
  const b = {
    type: 'object',
    properties: { url: { type: 'string', format: 'uri' } },
    required: ['url'],
  };
  for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
    assert.deepEqual(
      inputPair({ [keyword]: [a, b] }, { [keyword]: [b, a] }),
      [],
      `${keyword} reordered`,
    );
    assert.deepEqual(
      outputPair({ [keyword]: [a, b] }, { [keyword]: [structuredClone(a), structuredClone(b)] }),
      [],
      `${keyword} equal`,
    );
  }
  // The same type written three ways.
  assert.deepEqual(
    inputPair({ type: ['string', 'null'] }, { anyOf: [{ type: 'null' }, { type: 'string' }] }),
    [],
  );
  assert.deepEqual(inputPair({ type: 'string', nullable: true }, { type: ['null', 'string'] }), []);
  assert.deepEqual(inputPair({ enum: ['a', 'b'] }, { enum: ['b', 'a'] }), []);
  assert.deepEqual(inputPair({ const: 'a' }, { enum: ['a'] }), []);
  // A $ref and its inlined target are the same schema.
  const viaRef = {
    type: 'object',
    properties: { p: { $ref: '#/$defs/p' } },
    $defs: { p: { type: 'string' } },
  };
  assert.deepEqual(
    inputPair(viaRef, { type: 'object', properties: { p: { type: 'string' } } }),
    [],
  );
});

test('composition: directional changes inside unions', () => {
  const str = { type: 'string' };
  const num = { type: 'number' };
  const obj = { type: 'object', properties: { q: { type: 'string' } } };
  // Input: a removed alternative is narrowing, an added one relaxing.
  assert.deepEqual(inputPair({ anyOf: [obj, num] }, { anyOf: [obj] }), [
    'tool-input-type-narrowed /inputSchema/anyOf/1',
  ]);
  assert.deepEqual(inputPair({ anyOf: [obj] }, { anyOf: [obj, num] }), [
    'tool-input-relaxed /inputSchema/anyOf/1',
  ]);
  // Output: the reverse.
  assert.deepEqual(outputPair({ anyOf: [obj] }, { anyOf: [obj, num] }), [
    'tool-output-type-widened /outputSchema/anyOf/1',
  ]);
  assert.deepEqual(outputPair({ anyOf: [obj, num] }, { anyOf: [obj] }), [
    'tool-output-narrowed /outputSchema/anyOf/1',
  ]);
  // A branch edited in place: the precise finding inside it.
  const objRequired = { ...obj, required: ['q'] };
  assert.deepEqual(inputPair({ oneOf: [obj, str] }, { oneOf: [objRequired, str] }), [
    'tool-input-property-became-required /inputSchema/oneOf/0/properties/q',
  ]);
  // Becoming nullable: relaxed for input, widened for output.
  assert.deepEqual(inputPair(obj, { anyOf: [obj, { type: 'null' }] }), [
    'tool-input-relaxed /inputSchema/anyOf/1',
  ]);
  assert.deepEqual(outputPair(obj, { anyOf: [obj, { type: 'null' }] }), [
    'tool-output-type-widened /outputSchema/anyOf/1',
  ]);
  // Not provable: a new overlapping alternative in the output, anyOf → oneOf, an allOf branch added.
  assert.deepEqual(
    outputPair({ anyOf: [obj] }, { anyOf: [obj, { type: 'object', required: ['other'] }] }),
    ['tool-output-schema-changed /outputSchema/anyOf/1'],
  );
  assert.deepEqual(inputPair({ anyOf: [obj, str] }, { oneOf: [obj, str] }), [
    'tool-input-schema-changed /inputSchema/oneOf',
  ]);
  assert.deepEqual(inputPair({ allOf: [obj] }, { allOf: [obj, { required: ['q'] }] }), [
    'tool-input-schema-changed /inputSchema/allOf',
  ]);
});

test('unprovable keywords are warnings, never silence', () => {
  const base = { type: 'object', properties: { x: { type: 'string' } } };
  const cases: Array<[unknown, string]> = [
    [{ ...base, not: { required: ['x'] } }, 'tool-input-schema-changed /inputSchema/not'],
    [
      { ...base, if: { required: ['x'] }, then: { required: ['y'] } },
      'tool-input-schema-changed /inputSchema/if',
    ],
    [
      { ...base, patternProperties: { '^x-': { type: 'string' } } },
      'tool-input-schema-changed /inputSchema/patternProperties',
    ],
    [
      { ...base, dependentRequired: { x: ['y'] } },
      'tool-input-schema-changed /inputSchema/dependentRequired',
    ],
  ];
  for (const [head, expected] of cases) {
    const found = inputPair(base, head);
    assert.ok(found.includes(expected), `${JSON.stringify(head)}: ${found.join(', ')}`);
    assert.ok(
      found.every((f) => f.startsWith('tool-input-schema-changed')),
      found.join(', '),
    );
  }
  assert.deepEqual(
    inputPair({ type: 'string', format: 'date' }, { type: 'string', format: 'date-time' }),
    ['tool-input-schema-changed /inputSchema/format'],
  );
  assert.deepEqual(inputPair({ type: 'string' }, { type: 'string', format: 'email' }), [
    'tool-input-constraint-tightened /inputSchema/format',
  ]);
});

test('numeric bounds: exclusive and inclusive forms compare by meaning', () => {
  assert.deepEqual(
    inputPair({ type: 'number', minimum: 0 }, { type: 'number', exclusiveMinimum: 0 }),
    ['tool-input-constraint-tightened /inputSchema/exclusiveMinimum'],
  );
  assert.deepEqual(
    inputPair(
      { type: 'number', exclusiveMinimum: 0 },
      { type: 'number', minimum: 0, exclusiveMinimum: true },
    ),
    [],
  );
  assert.deepEqual(inputPair({ type: 'string', minLength: 0 }, { type: 'string' }), []);
  assert.deepEqual(
    inputPair({ type: 'number', multipleOf: 2 }, { type: 'number', multipleOf: 4 }),
    ['tool-input-constraint-tightened /inputSchema/multipleOf'],
  );
  assert.deepEqual(
    inputPair({ type: 'number', multipleOf: 4 }, { type: 'number', multipleOf: 2 }),
    ['tool-input-relaxed /inputSchema/multipleOf'],
  );
});

test('a type change reports the type once, not every keyword under it', () => {
  const obj = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
  assert.deepEqual(
    inputPair(
      { type: 'object', properties: { v: obj } },
      { type: 'object', properties: { v: { type: 'string' } } },
    ),
    ['tool-input-type-narrowed /inputSchema/properties/v/type'],
  );
});

test('renames: a removal plus an addition, with a hint only for identical schemas', () => {
  const schema = { type: 'object', properties: { url: { type: 'string' } } };
  const r = diffSnapshots(
    snap({ tools: [{ name: 'fetch', inputSchema: schema }] }),
    snap({ tools: [{ name: 'fetch_url', inputSchema: schema }] }),
  );
  assert.deepEqual(
    r.findings.map((f) => `${f.id} ${f.entity}`),
    ['tool-removed tool:fetch', 'tool-added tool:fetch_url'],
  );
  assert.match(r.findings[0]!.message, /"fetch_url" was added with identical schemas: a rename\?/);
  assert.match(r.findings[1]!.message, /identical schemas to removed tool "fetch"/);
  const different = diffSnapshots(
    snap({ tools: [{ name: 'fetch', inputSchema: schema }] }),
    snap({ tools: [{ name: 'get', inputSchema: { type: 'object' } }] }),
  );
  assert.ok(different.findings.every((f) => !/rename/.test(f.message)));
});

test('resource templates: a changed uriTemplate pairs by name only when unambiguous', () => {
  const caps = { capabilities: { resources: {} }, tools: [] };
  const t = (uriTemplate: string, name?: string) =>
    name ? { uriTemplate, name } : { uriTemplate };
  const run = (a: unknown[], b: unknown[]) =>
    ids({ ...caps, resourceTemplates: a }, { ...caps, resourceTemplates: b });
  assert.deepEqual(run([t('a://{x}', 'doc')], [t('b://{x}', 'doc')]), [
    'resource-template-uri-changed /uriTemplate',
  ]);
  assert.deepEqual(run([t('a://{x}', 'doc')], [t('b://{x}', 'file')]).sort(), [
    'resource-template-added ',
    'resource-template-removed ',
  ]);
  assert.deepEqual(run([t('a://{x}')], [t('b://{x}')]).sort(), [
    'resource-template-added ',
    'resource-template-removed ',
  ]);
  assert.deepEqual(run([t('a://{x}', 'doc')], [t('b://{x}', 'doc'), t('c://{x}', 'doc')]).sort(), [
    'resource-template-added ',
    'resource-template-added ',
    'resource-template-removed ',
  ]);
});

test('error codes: envelope branches are error-code findings, not a widened output', () => {
  const out = (...codes: string[]) => ({
    anyOf: [
      { type: 'object', properties: { hits: { type: 'array' } } },
      ...codes.map((c) => ({ type: 'object', required: [c], description: `${c} envelope` })),
    ],
  });
  assert.deepEqual(outputPair(out('_a'), out('_a', '_b')), ['error-code-added /outputSchema']);
  assert.deepEqual(outputPair(out('_a', '_b'), out('_b')), ['error-code-removed /outputSchema']);
  // The same envelope edited: compared with itself, at its branch.
  const edited = out('_a');
  (edited.anyOf[1] as Record<string, unknown>).description = 'reworded';
  assert.deepEqual(outputPair(out('_a'), edited), [
    'tool-schema-metadata-changed /outputSchema/anyOf/1/description',
  ]);
  // A code the config's catalog declares is still declared when the schema drops it.
  const base = snap({ tools: [tool({ type: 'object' }, { outputSchema: out('_a', '_b') })] });
  const head = snap({ tools: [tool({ type: 'object' }, { outputSchema: out('_a') })] });
  assert.deepEqual(
    diffSnapshots(base, head, { errorCodes: { tools: { t: { _b: 'documented' } } } }).findings,
    [],
  );
  assert.deepEqual(diffSnapshots(base, head, { errorCodes: { server: { _b: '' } } }).findings, []);
});

test('a bare tools/list result is compared on tools only', () => {
  const full = load('base.json');
  const bare = { tools: full.tools };
  assert.deepEqual(diffSnapshots(snap(full), snap(bare)).findings, []);
  assert.deepEqual(diffSnapshots(snap(bare), snap(full)).findings, []);
});

test('findings are sorted (entity, pointer, id) and fingerprints ignore message and level', () => {
  const r = diffSnapshots(snap(load('base.json')), snap(load('head.json')), {
    policy: { rules: { 'tool-input-enum-value-removed': 'info' } },
  });
  const plain = diffSnapshots(snap(load('base.json')), snap(load('head.json')));
  assert.deepEqual(
    r.findings.map((f) => f.fingerprint),
    plain.findings.map((f) => f.fingerprint),
  );
  const enumFinding = r.findings.find((f) => f.id === 'tool-input-enum-value-removed')!;
  assert.equal(enumFinding.level, 'info');
  assert.equal(
    enumFinding.fingerprint,
    fingerprint(
      enumFinding.id,
      enumFinding.entity,
      enumFinding.pointer,
      enumFinding.before,
      enumFinding.after,
    ),
  );
  const order = ['server', 'tool', 'resource', 'resource-template', 'prompt'];
  const rank = (e: string) => order.indexOf(e === 'server' ? 'server' : e.slice(0, e.indexOf(':')));
  for (let i = 1; i < plain.findings.length; i++) {
    const [a, b] = [plain.findings[i - 1]!, plain.findings[i]!];
    assert.ok(rank(a.entity) <= rank(b.entity), `${a.entity} before ${b.entity}`);
    if (a.entity === b.entity)
      assert.ok(a.pointer <= b.pointer, `${a.pointer} before ${b.pointer}`);
  }
});

test('policy: levels, off, ignores by rule and entity; bad entries are input errors', () => {
  const base = snap(load('base.json'));
  const head = snap(load('head.json'));
  const off = diffSnapshots(base, head, {
    policy: { rules: { 'tool-description-changed': 'off' } },
  });
  assert.ok(!off.findings.some((f) => f.id === 'tool-description-changed'));
  assert.deepEqual(off.suppressed, []);
  const scoped = diffSnapshots(base, head, {
    policy: {
      ignore: [{ rule: 'tool-description-changed', entity: 'tool:describe', reason: 'wording' }],
    },
  });
  assert.deepEqual(
    scoped.findings.filter((f) => f.id === 'tool-description-changed').map((f) => f.entity),
    ['tool:delete_doc'],
  );
  assert.deepEqual(
    scoped.suppressed.map((s) => s.entity),
    ['tool:describe'],
  );
  const everywhere = diffSnapshots(base, head, {
    policy: { ignore: [{ rule: 'tool-description-changed', reason: 'docs churn' }] },
  });
  assert.equal(everywhere.suppressed.length, 2);

  const bad = (policy: unknown, pattern: RegExp) =>
    assert.throws(
      () => diffSnapshots(base, head, { policy: policy as never }),
      (e: unknown) => e instanceof InputError && pattern.test(`${e.message} ${e.hint}`),
    );
  bad(
    { rules: { 'tool-remove': 'off' } },
    /at \/rules\/tool-remove: unknown rule id "tool-remove" did you mean "tool-removed"\?/,
  );
  bad({ rules: { 'tool-removed': 'fatal' } }, /invalid level "fatal"/);
  bad(
    { ignore: [{ rule: 'tool-removed', entity: 'tool:x' }] },
    /ignore\/0\/reason: every ignore entry needs a non-empty "reason"/,
  );
  bad(
    { ignore: [{ rule: 'tool-removed', entity: 'search', reason: 'x' }] },
    /invalid entity "search"/,
  );
  bad(
    { ignore: [{ rule: 'tool-removed', message: 'tool "x" was removed', reason: 'x' }] },
    /unknown ignore key "message".*never message text/,
  );
  bad({ ignore: [{ rule: 'nope', reason: 'x' }] }, /unknown rule id "nope"/);
  bad({ level: {} }, /unknown diff policy key "level"/);
});

test('output is deterministic: the same inputs give the same report', () => {
  const a = (): Snapshot => snap(load('base.json'));
  const b = (): Snapshot => snap(load('head.json'));
  assert.deepEqual(
    diffSnapshots(a(), b()),
    diffSnapshots(snap(shuffle(load('base.json'))), snap(shuffle(load('head.json')))),
  );
});
