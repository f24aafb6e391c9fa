/**
 * The runtime's classifier on hostile and era-dependent payloads, without a server:
 * keys named after Object.prototype members, error branches told apart by value, payload depth,
 * and the legacy `{ result }` envelope against the bare modern form.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { OutputEraMismatchError, classifyResult } from '../templates/runtime.js';
import type { CallToolResult, ToolSpec, ValidationIssue } from '../templates/runtime.js';

const structured = (value: unknown, isError?: boolean): CallToolResult => ({
  content: [{ type: 'text', text: JSON.stringify(value) }],
  structuredContent: value,
  ...(isError !== undefined && { isError }),
});
const textOnly = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });

// Small hand-written validators: these tests are about classification, not JSON Schema.
const isArrayOfNumbers = (value: unknown): readonly ValidationIssue[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'number')
    ? []
    : [{ pointer: '', message: 'must be an array of numbers', keyword: 'type' }];
const isWrappedArrayOfNumbers = (value: unknown): readonly ValidationIssue[] => {
  const inner =
    typeof value === 'object' && value !== null && Object.hasOwn(value, 'result')
      ? (value as { result: unknown }).result
      : undefined;
  return inner === undefined
    ? [{ pointer: '/result', message: "must have required property 'result'", keyword: 'required' }]
    : isArrayOfNumbers(inner).map((i) => ({ ...i, pointer: `/result${i.pointer}` }));
};

describe('payload keys named after Object.prototype members', () => {
  const spec: ToolSpec = {
    name: 'lookup',
    branches: [
      { kind: 'documented', required: ['constructor'] },
      { kind: 'alternative', variant: 'summary', required: ['hasOwnProperty'] },
      { kind: 'error', code: '_quota', required: ['_quota'] },
    ],
    codes: ['_quota', 'toString'],
  };

  test('an inherited member never counts as a present key', () => {
    // `{}` inherits constructor and hasOwnProperty: neither branch's required key is present.
    const r = classifyResult(spec, structured({ other: 1 }));
    assert.ok(r.ok && r.variant === 'documented');
    const alt = classifyResult(spec, structured(JSON.parse('{"hasOwnProperty": 1}')));
    assert.ok(
      alt.ok && alt.variant === 'summary',
      'an own hasOwnProperty key selects the alternative',
    );
    const documented = classifyResult(
      spec,
      structured(JSON.parse('{"constructor": 1, "hasOwnProperty": 2}')),
    );
    assert.ok(documented.ok && documented.variant === 'documented');
  });

  test('`__proto__`, `constructor` and `toString` keys are data, not code', () => {
    const payload = JSON.parse(
      '{"__proto__": {"_quota": true}, "code": "toString", "constructor": "x"}',
    ) as object;
    assert.equal(
      Object.getPrototypeOf(payload),
      Object.prototype,
      'JSON.parse keeps __proto__ as an own key',
    );
    const r = classifyResult(spec, structured(payload));
    assert.ok(!r.ok, 'the code "toString" is a declared code');
    assert.equal((r.error as { code: string }).code, 'toString');
    // An isError result whose `error` member is inherited: no code.
    const inherited = classifyResult(
      spec,
      structured(Object.create({ code: 'toString' }) as object, true),
    );
    assert.ok(!inherited.ok);
    assert.equal((inherited.error as { code: string }).code, '$uncoded');
  });
});

describe('error branches sharing a key, told apart by value', () => {
  const issuesIf =
    (bad: (v: Record<string, unknown>) => boolean) =>
    (value: unknown): readonly ValidationIssue[] =>
      bad(value as Record<string, unknown>)
        ? [{ pointer: '/error', message: 'wrong branch', keyword: 'enum' }]
        : [];
  const spec: ToolSpec = {
    name: 'fetch',
    branches: [
      { kind: 'documented', required: ['items'] },
      {
        kind: 'error',
        required: ['error'],
        discriminator: { key: 'error', values: ['quota_exhausted'] },
        validate: issuesIf((v) => v['error'] !== 'quota_exhausted'),
      },
      {
        kind: 'error',
        required: ['error'],
        discriminator: { key: 'error', values: ['busy', 'timeout'] },
        validate: issuesIf((v) => !['busy', 'timeout'].includes(String(v['error']))),
      },
    ],
    codes: ['busy', 'quota_exhausted', 'timeout'],
  };

  for (const code of ['quota_exhausted', 'busy', 'timeout']) {
    test(`{ error: "${code}" } is ok:false with code ${code}, validated against its own branch`, () => {
      const r = classifyResult(spec, structured({ error: code, retry_after_s: 3 }));
      assert.ok(!r.ok);
      assert.equal((r.error as { code: string }).code, code);
      assert.equal((r.error as { issues?: unknown }).issues, undefined);
    });
  }

  test('a value no branch declares is $unknown with the code as sent', () => {
    const r = classifyResult(spec, structured({ error: 'melted' }, true));
    assert.ok(!r.ok);
    assert.deepEqual(
      [(r.error as { code: string }).code, (r.error as { serverCode: string }).serverCode],
      ['$unknown', 'melted'],
    );
  });
});

describe('depth', () => {
  test('a payload nested 100,000 levels deep is classified without overflowing the stack', () => {
    const depth = 100_000;
    const text = '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    const spec: ToolSpec = {
      name: 'deep',
      branches: [{ kind: 'documented', required: ['a'] }],
      codes: ['_x'],
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined; // an engine may refuse; the runtime then keeps the text
    }
    const fromText = classifyResult(spec, textOnly(text));
    assert.ok(fromText.ok);
    if (parsed !== undefined) {
      const r = classifyResult(spec, { content: [], structuredContent: parsed });
      assert.ok(r.ok && r.variant === 'documented');
    }
  });
});

describe('non-object outputs across protocol eras', () => {
  const wrapped: ToolSpec = {
    name: 'list',
    branches: [{ kind: 'documented', required: ['result'], validate: isWrappedArrayOfNumbers }],
    codes: [],
    eraForm: 'wrapped',
    era: 'legacy',
  };
  const raw: ToolSpec = {
    name: 'list',
    branches: [{ kind: 'documented', required: [], validate: isArrayOfNumbers }],
    codes: [],
    eraForm: 'raw',
    era: 'modern',
  };
  const legacyWire = {
    content: [{ type: 'text' as const, text: '[1,2]' }],
    structuredContent: { result: [1, 2] },
  };
  const modernWire = {
    content: [{ type: 'text' as const, text: '[1,2]' }],
    structuredContent: [1, 2],
  };

  const cases: Array<[string, ToolSpec, CallToolResult, 'legacy' | 'modern' | undefined, unknown]> =
    [
      ['legacy snapshot, legacy wire', wrapped, legacyWire, 'legacy', { result: [1, 2] }],
      ['legacy snapshot, modern wire', wrapped, modernWire, 'modern', { result: [1, 2] }],
      [
        'legacy snapshot, modern wire, era unknown',
        wrapped,
        modernWire,
        undefined,
        { result: [1, 2] },
      ],
      ['legacy snapshot, text only', wrapped, textOnly('[1,2]'), 'legacy', { result: [1, 2] }],
      ['modern snapshot, modern wire', raw, modernWire, 'modern', [1, 2]],
      ['modern snapshot, legacy wire', raw, legacyWire, 'legacy', [1, 2]],
      ['modern snapshot, legacy wire, era unknown', raw, legacyWire, undefined, [1, 2]],
      ['modern snapshot, text only', raw, textOnly('[1,2]'), 'legacy', [1, 2]],
    ];
  for (const [name, spec, wire, era, data] of cases) {
    test(`${name}: data in the snapshot's shape`, () => {
      const r = classifyResult(spec, wire, { era });
      assert.ok(r.ok, JSON.stringify(r));
      assert.deepEqual(r.data, data);
      assert.equal(r.raw, wire, 'raw stays what the server sent');
    });
  }

  test('a bare modern value that happens to be `{ result }`-shaped is not unwrapped', () => {
    const spec: ToolSpec = { ...raw, branches: [{ kind: 'documented', required: [] }] };
    const r = classifyResult(
      spec,
      { content: [], structuredContent: { result: 1 } },
      { era: 'modern' },
    );
    assert.ok(r.ok);
    assert.deepEqual(r.data, { result: 1 });
  });

  test('an invalid payload in the same era is $invalid_result; across eras the error names both', () => {
    const bad = { content: [], structuredContent: { result: ['x'] } };
    const same = classifyResult(wrapped, bad, { era: 'legacy' });
    assert.ok(!same.ok);
    assert.equal((same.error as { code: string }).code, '$invalid_result');
    assert.throws(
      () => classifyResult(raw, bad, { era: 'legacy' }),
      (e: unknown) =>
        e instanceof OutputEraMismatchError &&
        e.snapshotEra === 'modern' &&
        e.clientEra === 'legacy' &&
        /modern era.*legacy era/.test(e.message),
    );
  });
});

describe('a spec as generated for a tool without alternatives or codes', () => {
  // No `codes`, and no `required` on the documented branch: nothing tells it from another branch.
  const spec: ToolSpec = {
    name: 'plain',
    branches: [{ kind: 'documented', validate: isArrayOfNumbers }],
  };

  test('a valid payload is the documented one, an invalid one $invalid_result, a coded error $unknown', () => {
    const r = classifyResult(spec, structured([1, 2]));
    assert.ok(r.ok && r.variant === 'documented');
    assert.deepEqual(r.data, [1, 2]);
    const invalid = classifyResult(spec, structured(['x']));
    assert.ok(!invalid.ok && (invalid.error as { code: string }).code === '$invalid_result');
    const coded = classifyResult(spec, structured({ code: 'nope', message: 'no' }, true));
    assert.ok(!coded.ok && (coded.error as { code: string }).code === '$unknown');
  });

  test('a spec with no branches at all: the content, as ToolContent', () => {
    const r = classifyResult({ name: 'bare' }, textOnly('hello'));
    assert.ok(r.ok && r.variant === 'documented');
    assert.equal((r.data as { text?: string }).text, 'hello');
  });
});
