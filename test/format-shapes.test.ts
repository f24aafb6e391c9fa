/**
 * The shape formatter (src/emit/print/shape-format.ts) must print exactly what `prettier.format` prints
 * for the whole file: checked byte for byte on every fixture catalog (both layouts for the hostile
 * one) under several prettier option sets, on a slice of the GitHub corpus, and on server text that
 * looks like a placeholder or a pragma.
 * The goldens check the default options once more, through `generate`.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import * as prettier from 'prettier';
import { openapiCatalog } from '../bench/corpus/openapi-catalog.js';
import { emitClient, type EmittedFile } from '../src/emit/emit.js';
import { formatEmitted, type FormatMemo } from '../src/emit/format/format.js';
import { formatStatements, unitsOf } from '../src/emit/print/shape-format.js';
import { printComment, printString } from '../src/emit/print/shape-docs.js';
import { shapeOf } from '../src/emit/print/shape-tokens.js';
import { buildClientModel } from '../src/model/build.js';
import type { Layout } from '../src/model/types.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { parseSnapshotText } from '../src/snapshot/read.js';
import { fixtureCatalogs } from './helpers/paths.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const DEFAULTS: prettier.Options = { printWidth: 100, singleQuote: true };
const VARIANTS: Array<[label: string, options: prettier.Options]> = [
  ['our defaults', DEFAULTS],
  ["prettier's own defaults", {}],
  ['narrow, double quotes, no trailing commas', { printWidth: 60, trailingComma: 'none' }],
  [
    'tabs, wide indent, no bracket spacing',
    { useTabs: true, tabWidth: 4, bracketSpacing: false, singleQuote: true },
  ],
];

async function files(model: ReturnType<typeof buildClientModel>): Promise<EmittedFile[]> {
  return (await emitClient(model)).filter((f) => f.statements !== undefined);
}

async function assertSame(file: EmittedFile, options: prettier.Options, label: string) {
  const settings = { ...options, filepath: `/out/${file.path}`, parser: 'babel-ts' };
  const shaped = await formatStatements(file.statements!, settings);
  assert.ok(shaped !== undefined, `${label}: ${file.path} was not shape-formatted`);
  const whole = await prettier.format(file.content, settings);
  if (shaped === whole) return;
  const [a, b] = [shaped.split('\n'), whole.split('\n')];
  const at = a.findIndex((line, i) => line !== b[i]);
  assert.fail(
    `${label}: ${file.path} differs from prettier at line ${at + 1}:\n  shaped:   ${JSON.stringify(a[at])}\n  prettier: ${JSON.stringify(b[at])}`,
  );
}

describe('shape formatting prints what prettier prints', () => {
  // The per-tool layout on the catalog with colliding, reserved and non-ASCII names, as in the goldens.
  for (const catalog of fixtureCatalogs()) {
    const layouts: Layout[] = catalog.endsWith('/hostile.json')
      ? ['single', 'per-tool']
      : ['single'];
    for (const layout of layouts) {
      test(`${catalog.split('/').pop()} (${layout})`, async () => {
        const model = buildClientModel(
          await readSnapshotFile(catalog),
          { name: 'x', layout },
          ADAPTERS,
        );
        const emitted = await files(model);
        // A catalog without tools has no tools file.
        const expected = model.tools.length ? 3 : 2;
        assert.ok(emitted.length >= expected, 'tools (where there are), client and index files');
        for (const [label, options] of VARIANTS) {
          for (const file of emitted) await assertSame(file, options, label);
        }
      });
    }
  }

  test('every twelfth tool of the GitHub REST corpus', async () => {
    const catalog = openapiCatalog();
    const tools = catalog.tools.filter((_, i) => i % 12 === 0);
    const snapshot = parseSnapshotText(JSON.stringify({ ...catalog, tools }), 'github.json');
    const model = buildClientModel(snapshot, { name: 'github' }, ADAPTERS);
    for (const file of await files(model)) await assertSame(file, DEFAULTS, 'corpus');
  });
});

describe('shapes', () => {
  const rows: Array<[given: string, text: string, want: string | undefined]> = [
    [
      'short names and keywords stay',
      'export function get(input: unknown) {}',
      'export function get(input: unknown) {}',
    ],
    [
      'long names become placeholders that keep their first character',
      'export const ActionsGetSpec: ToolSpec = actionsGetRepo;',
      'export const AǂNǂ: ToolSpec = aǂNǂ;',
    ],
    ['the same name, the same placeholder', 'type LongerName = LongerName;', 'type LǂNǂ = LǂNǂ;'],
    ['strings are placeholders', 'const a = "x";', "const a = 'ǂNǂ';"],
    [
      'a string that is a key stays',
      'type A = { "a-b"?: string };',
      'type A = { "a-b"?: string };',
    ],
    [
      'comments are placeholders',
      '/** doc */\n// note\nconst a = 1;',
      '/** ǂNǂ */\n// ǂNǂ\nconst a = 1;',
    ],
    ['private names keep their #', 'this.#invokeOptions;', 'this.#iǂNǂ;'],
    ['a template literal has no shape', 'const a = `x`;', undefined],
    ['text with the mark has no shape', 'const a = "ǂ";', undefined],
    [
      'a prettier-ignore comment leaves it to prettier',
      '/** prettier-ignore */\nconst a = 1;',
      undefined,
    ],
    ['so does a JSDoc type cast', '/** @type {A} */\nconst a = 1;', undefined],
  ];
  for (const [given, text, want] of rows) {
    test(given, () => {
      const shaped = shapeOf(text);
      assert.equal(shaped?.shape.replace(/ǂ\d{6}ǂ/g, 'ǂNǂ'), want);
    });
  }
});

describe('tokens printed as prettier prints them', () => {
  const strings = [
    'plain',
    "it's",
    'say "hi"',
    `both ' and "`,
    `more '' than "`,
    'back\\slash',
    'line\nbreak\ttab',
    '\u2028\u2029 separators',
    '\u0000\u001f controls',
    '$unknown',
    '*/ process.exit(1) /*',
    'émoji 🎉',
  ];
  for (const singleQuote of [true, false]) {
    test(`strings (singleQuote: ${singleQuote})`, async () => {
      for (const value of strings) {
        const literal = JSON.stringify(value);
        const want = await prettier.format(`f(${literal});\n`, { parser: 'babel-ts', singleQuote });
        assert.equal(`f(${printString(literal, singleQuote)});\n`, want, JSON.stringify(value));
      }
    });
  }

  const comments = [
    '/** one line */',
    '/**\n * two\n * lines\n */',
    '/**\n * a markdown break  \n * next\n */',
    '/**\n   * badly indented\n      * lines\n  */',
    '/**\n * first\nnot a star line\n */',
    '/*\n * plain block\n */',
    '// a line comment   ',
  ];
  test('comments', async () => {
    for (const comment of comments) {
      const want = await prettier.format(`${comment}\nconst a = 1;\n`, { parser: 'babel-ts' });
      const doc = [
        printComment(comment),
        prettier.doc.builders.hardline,
        'const a = 1;',
        prettier.doc.builders.hardline,
      ];
      const got = prettier.doc.printer.printDocToString(doc, {
        printWidth: 80,
        tabWidth: 2,
        useTabs: false,
      } as prettier.doc.printer.Options).formatted;
      assert.equal(got, want, JSON.stringify(comment));
    }
  });
});

test('options the shapes cannot carry leave the file to prettier', async () => {
  const statements = { list: ['const a = 1;'], together: 'imports' as const };
  for (const options of [
    { semi: false },
    { plugins: ['x'] },
    { quoteProps: 'consistent' },
  ] as prettier.Options[]) {
    assert.equal(await formatStatements(statements, { ...DEFAULTS, ...options }), undefined);
  }
  assert.equal(await formatStatements(statements, DEFAULTS), 'const a = 1;\n');
  // A shape prettier cannot parse leaves the file to prettier too (which then reports the error).
  const broken = { list: ['export const LongerName = ;'], together: 'imports' as const };
  assert.equal(await formatStatements(broken, DEFAULTS), undefined);
});

test('the memo gives back each statement and class member an earlier run formatted', async () => {
  const model = buildClientModel(
    await readSnapshotFile(fixtureCatalogs()[0]!),
    { name: 'x' },
    ADAPTERS,
  );
  for (const file of await files(model)) {
    const filepath = `/out/${file.path}`;
    const whole = await prettier.format(file.content, {
      ...DEFAULTS,
      filepath,
      parser: 'babel-ts',
    });
    const first: FormatMemo = { known: new Map(), used: new Map() };
    assert.equal(await formatEmitted(file, filepath, DEFAULTS, undefined, first), whole);
    assert.ok(first.used.size > 1 && first.used.size <= unitsOf(file.statements!).length);
    // A planted entry shows the memo's text is used as it is.
    const [key, text] = [...first.used].at(-1)!;
    const second: FormatMemo = {
      known: new Map([...first.used, [key, `${text} /* planted */`]]),
      used: new Map(),
    };
    const again = await formatEmitted(file, filepath, DEFAULTS, undefined, second);
    assert.equal(again, whole.replace(text, `${text} /* planted */`), file.path);
    assert.deepEqual([...second.used.keys()].sort(), [...first.used.keys()].sort());
  }
});

test('server text that prettier would read, or that looks like a placeholder, prints as prettier prints it', async () => {
  const tricky = [
    'prettier-ignore',
    '@type {string}',
    'ǂ000000ǂ and ǂ000001ǂ',
    "'ǂ000002ǂ'",
    '*/ process.exit(1) /*',
    'line one  \n  line two\n\n* starred',
  ];
  const snapshot = parseSnapshotText(
    JSON.stringify({
      tools: tricky.map((text, i) => ({
        name: `tool_${i}_${'x'.repeat(i * 7)}`,
        title: text,
        description: text,
        inputSchema: {
          type: 'object',
          properties: { [`p${i}`]: { type: 'string', enum: [text] } },
        },
        outputSchema: {
          anyOf: [
            { type: 'object', properties: { ok: { type: 'boolean' } } },
            { type: 'object', properties: { error: { const: text } }, required: ['error'] },
            {
              type: 'object',
              description: text,
              properties: { error: { const: `code_${i}` } },
              required: ['error'],
            },
          ],
        },
      })),
    }),
    'tricky.json',
  );
  const model = buildClientModel(snapshot, { name: 'tricky' }, ADAPTERS);
  for (const [label, options] of VARIANTS) {
    for (const file of await files(model)) await assertSame(file, options, label);
  }
});
