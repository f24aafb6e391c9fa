import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { lintSnapshot } from '../src/lint/engine.js';
import { LINT_RULES } from '../src/lint/rules.js';
import { parseSnapshot } from '../src/snapshot/index.js';
import { repoRoot } from './helpers/paths.js';

/**
 * Table-driven: fixtures/lint/rules/<rule-id>.json holds a catalog that fires the rule (with the
 * exact [entity, pointer] pairs it must report) and one that must not (often fixtures/lint/good.json).
 * Every rule has a file.
 */
const dir = join(repoRoot, 'fixtures/lint/rules');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort();
/** A catalog, or the name of one in fixtures/lint (`"good.json"`, the well-made catalog most rules stay quiet on). */
const load = (value: unknown, label: string) =>
  parseSnapshot(
    typeof value === 'string'
      ? JSON.parse(readFileSync(join(repoRoot, 'fixtures/lint', value), 'utf8'))
      : value,
    label,
  );

test('every lint rule has a fixture, and every fixture names a rule', () => {
  assert.deepEqual(
    files.map((f) => f.replace(/\.json$/, '')),
    LINT_RULES.map((r) => r.id).sort(),
  );
});

for (const file of files) {
  const id = file.replace(/\.json$/, '');
  const fixture = JSON.parse(readFileSync(join(dir, file), 'utf8')) as {
    fires: unknown;
    expect: Array<[string, string]>;
    quiet: unknown;
  };

  test(`${id}: fires on its bad catalog, at the expected places, with the default level`, () => {
    const report = lintSnapshot(load(fixture.fires, `${file}#fires`));
    const found = report.findings.filter((f) => f.id === id);
    assert.deepEqual(
      found.map((f) => [f.entity, f.pointer]),
      fixture.expect,
    );
    const level = LINT_RULES.find((r) => r.id === id)!.level;
    for (const f of found) {
      assert.equal(f.level, level);
      assert.match(f.fingerprint, /^[0-9a-f]{16}$/);
      assert.ok(f.message.length > 20, `a message that says something: ${f.message}`);
    }
  });

  test(`${id}: stays quiet on its good catalog`, () => {
    const report = lintSnapshot(load(fixture.quiet, `${file}#quiet`));
    assert.deepEqual(
      report.findings.filter((f) => f.id === id).map((f) => [f.entity, f.pointer, f.message]),
      [],
    );
  });
}

test('a well-made catalog (search_notes: described, closed inputs, output schema) has no finding at all', () => {
  const good = JSON.parse(
    readFileSync(join(repoRoot, 'fixtures/lint/good.json'), 'utf8'),
  ) as unknown;
  const report = lintSnapshot(load(good, 'good.json'));
  assert.deepEqual(report.findings, []);
  assert.deepEqual(report.summary, { error: 0, warning: 0, info: 0 });
});

test('hidden characters are named and quoted escaped, never raw, in every message', () => {
  const fixture = JSON.parse(
    readFileSync(join(dir, 'description-hidden-characters.json'), 'utf8'),
  ) as { fires: unknown };
  const report = lintSnapshot(load(fixture.fires, 'fires'));
  const messages = report.findings.map((f) => f.message).join('\n');
  assert.match(messages, /\\u200b/);
  assert.match(messages, /\\u202e/);
  assert.match(messages, /\\u\{e0041\} \\u\{e0042\}/);
  assert.match(messages, /\\u2066/);
  assert.doesNotMatch(messages, /[\u200b\u202e\u2066]|\udb40[\udc00-\udc7f]/);
});

test('hidden characters in a tool name or a property name: found, and escaped in messages and JSON', () => {
  const name = 'search\u{e0049}\u{e0047}_notes';
  const report = lintSnapshot(
    load(
      {
        tools: [
          {
            name,
            description: 'Search the notes by words, newest first.',
            inputSchema: { type: 'object', properties: { 'q\u200b': { type: 'string' } } },
          },
        ],
      },
      'x',
    ),
  );
  const hidden = report.findings.filter((f) => f.id === 'description-hidden-characters');
  assert.deepEqual(
    hidden.map((f) => [f.entity, f.pointer]),
    [
      [`tool:${name}`, '/inputSchema/properties/q\u200b'],
      [`tool:${name}`, '/name'],
    ],
  );
  assert.match(
    hidden[0]!.message,
    /^tool "search\\u\{e0049\}\\u\{e0047\}_notes": hidden characters \(\\u200b\) in the property name at "\/inputSchema\/properties\/q\\u200b"/,
  );
  for (const f of report.findings) assert.doesNotMatch(f.message, /\u200b|\udb40/);
  // Prompt arguments are addressed by name, as in diff.
  const prompt = lintSnapshot(
    load(
      {
        tools: [],
        prompts: [
          {
            name: 'summarize',
            arguments: [{ name: 'a' }, { name: 'style/tone', description: 'Tone\u2067' }],
          },
        ],
      },
      'p',
    ),
  );
  assert.deepEqual(
    prompt.findings.filter((f) => f.id === 'description-hidden-characters').map((f) => f.pointer),
    ['/arguments/style~1tone/description'],
  );
});

test('thresholds come from the policy: descriptionBudget and maxTools', () => {
  const fixture = JSON.parse(readFileSync(join(dir, 'tool-description-too-long.json'), 'utf8')) as {
    quiet: unknown;
  };
  const snapshot = load(fixture.quiet, 'quiet');
  assert.equal(
    lintSnapshot(snapshot).findings.filter((f) => f.id === 'tool-description-too-long').length,
    0,
  );
  const tight = lintSnapshot(snapshot, { policy: { descriptionBudget: 100 } });
  assert.match(
    tight.findings.find((f) => f.id === 'tool-description-too-long')!.message,
    /is 941 bytes, over the budget of 100/,
  );
  const few = lintSnapshot(snapshot, { policy: { maxTools: 1 } });
  assert.deepEqual(
    few.findings.filter((f) => f.id === 'catalog-tool-count-high').map((f) => f.entity),
    [],
  );
  const none = lintSnapshot(
    load(
      {
        tools: [
          { name: 'a_b', inputSchema: {} },
          { name: 'c_d', inputSchema: {} },
        ],
      },
      'two',
    ),
    { policy: { maxTools: 1 } },
  );
  assert.equal(none.findings.filter((f) => f.id === 'catalog-tool-count-high').length, 1);
});

test('catalog-description-coverage: the share counts tools and nested properties, against the policy', () => {
  const fixture = JSON.parse(
    readFileSync(join(dir, 'catalog-description-coverage.json'), 'utf8'),
  ) as { fires: unknown; quiet: unknown };
  const coverage = (snapshot: unknown, policy = {}) =>
    lintSnapshot(load(snapshot, 'coverage'), { policy })
      .findings.filter((f) => f.id === 'catalog-description-coverage')
      .map((f) => f.message);
  // The tool and `filter` are described, `query` and the nested `filter.tag` are not: 2 of 4.
  assert.deepEqual(coverage(fixture.fires), [
    'server: 2 of 4 tools and input properties have a description (50%), below the threshold of 80%; undocumented ones leave the model only their names to go on (describe them, or set lint.descriptionCoverage)',
  ]);
  // 4 of 5 (a described `$ref` target counts, `limit` does not) is exactly the default: not below it.
  assert.deepEqual(coverage(fixture.quiet), []);
  assert.equal(coverage(fixture.quiet, { descriptionCoverage: 0.81 }).length, 1);
  assert.deepEqual(coverage(fixture.fires, { descriptionCoverage: 0.5 }), []);
  assert.deepEqual(coverage({ tools: [] }, { descriptionCoverage: 1 }), []);
  for (const bad of [1.5, -0.1, '0.8', Number.NaN])
    assert.throws(
      () =>
        lintSnapshot(load(fixture.quiet, 'q'), { policy: { descriptionCoverage: bad } as never }),
      /descriptionCoverage: expected a share from 0 to 1/,
    );
});

test('policy: levels override, off drops, ignores need a rule id and a reason', () => {
  const fixture = JSON.parse(readFileSync(join(dir, 'output-schema-missing.json'), 'utf8')) as {
    fires: unknown;
  };
  const snapshot = load(fixture.fires, 'fires');
  const raised = lintSnapshot(snapshot, {
    policy: { rules: { 'output-schema-missing': 'error' } },
  });
  assert.equal(raised.findings.find((f) => f.id === 'output-schema-missing')!.level, 'error');
  const off = lintSnapshot(snapshot, { policy: { rules: { 'output-schema-missing': 'off' } } });
  assert.equal(
    off.findings.some((f) => f.id === 'output-schema-missing'),
    false,
  );
  const ignored = lintSnapshot(snapshot, {
    policy: {
      ignore: [
        {
          rule: 'output-schema-missing',
          entity: 'tool:search_notes',
          reason: 'plain text by design',
        },
      ],
    },
  });
  assert.deepEqual(
    ignored.suppressed.map((s) => [s.id, s.entity, s.reason]),
    [['output-schema-missing', 'tool:search_notes', 'plain text by design']],
  );
  assert.throws(
    () => lintSnapshot(snapshot, { policy: { rules: { 'output-schema-mising': 'off' } } }),
    /unknown lint rule id "output-schema-mising".*|did you mean "output-schema-missing"/s,
  );
  assert.throws(
    () =>
      lintSnapshot(snapshot, {
        policy: { ignore: [{ rule: 'output-schema-missing', reason: ' ' }] },
      }),
    /at \/ignore\/0\/reason/,
  );
  assert.throws(
    () => lintSnapshot(snapshot, { policy: { maxTools: 0 } }),
    /at \/maxTools: expected a positive whole number/,
  );
  assert.throws(
    () => lintSnapshot(snapshot, { policy: { rules: { 'tool-removed': 'off' } } }),
    /unknown lint rule id "tool-removed"/,
  );
});

test('the report does not depend on the order the server listed things in', () => {
  const fixture = JSON.parse(readFileSync(join(dir, 'tool-name-style-mixed.json'), 'utf8')) as {
    fires: { tools: unknown[] };
  };
  const forward = lintSnapshot(load(fixture.fires, 'a'));
  const backward = lintSnapshot(
    load({ ...fixture.fires, tools: [...fixture.fires.tools].reverse() }, 'a'),
  );
  assert.deepEqual(backward, forward);
});

test('only the families asked for run (generate asks for security)', () => {
  const fixture = JSON.parse(
    readFileSync(join(dir, 'description-instruction-like.json'), 'utf8'),
  ) as { fires: unknown };
  const report = lintSnapshot(load(fixture.fires, 'fires'), { families: ['security'] });
  const ids = new Set(report.findings.map((f) => f.id));
  assert.deepEqual([...ids], ['description-instruction-like']);
});
