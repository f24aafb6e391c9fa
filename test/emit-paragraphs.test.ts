/**
 * paragraphs() (src/emit/print/paragraphs.ts) is a text pass standing in for a parse: it must put blank
 * lines exactly where the parse-based pass it replaced did (ts-morph's statements, each with its
 * leading JSDoc, one blank line between them and none between imports). Checked against that pass
 * on the json-schema-to-typescript output of every fixture catalog, and on sources with braces,
 * quotes and comment markers inside strings and comments.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Project, SyntaxKind } from 'ts-morph';
import { buildClientModel } from '../src/model/build.js';
import { compileDefinitions } from '../src/schema/compile.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { paragraphs } from '../src/emit/print/paragraphs.js';
import { fixtureCatalogs } from './helpers/paths.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';

const project = new Project({ useInMemoryFileSystem: true, skipLoadingLibFiles: true });

/** The pass paragraphs() replaced, kept here as the reference. */
function parsedParagraphs(source: string): string {
  const file = project.createSourceFile('x.ts', source, { overwrite: true });
  const parts: string[] = [];
  let previousWasImport = false;
  for (const statement of file.getStatementsWithComments()) {
    const text = statement
      .getFullText()
      .replace(/^\s*\n/, '')
      .trimEnd();
    const isImport = statement.getKind() === SyntaxKind.ImportDeclaration;
    parts.push(
      parts.length === 0 ? text : `${isImport && previousWasImport ? '\n' : '\n\n'}${text}`,
    );
    previousWasImport = isImport;
  }
  return parts.join('') + '\n';
}

for (const catalog of fixtureCatalogs()) {
  test(`paragraphs of the types of ${catalog.split('/').pop()}`, async () => {
    const model = buildClientModel(await readSnapshotFile(catalog), { name: 'x' }, ADAPTERS);
    const source = await compileDefinitions(model.definitions);
    assert.equal(paragraphs(source), parsedParagraphs(source));
  });
}

const rows: Array<[given: string, source: string]> = [
  ['nothing', ''],
  [
    'a JSDoc stays with its declaration',
    '/**\n * doc\n */\nexport type A = 1\nexport type B = 2\n',
  ],
  [
    'braces, quotes and comment markers in strings',
    'export interface A {\n"}{"?: "\'{"\nb: \'"}\'\nc: "/*"\n}\nexport type B = "*/ {"\n',
  ],
  [
    'braces and quotes in comments',
    'export interface A {\n/**\n * } { " \' `\n */\na: string\n// } "\nb: number\n}\nexport type B = 1\n',
  ],
  [
    'a declaration over several lines, and blank lines inside and between',
    'export type A = {\na: (\n"x" | "y")\n\nb: [string, ...(boolean)[]]\n}[]\n\n\n\nexport interface B {\n}\n',
  ],
  [
    'two JSDocs before one declaration',
    '/** a */\n/** b */\nexport type A = 1\n/** c */\nexport type B = 2\n',
  ],
  [
    'imports together, then declarations apart',
    'import { a } from "a";\nimport type { B } from "b";\nexport const c = { d: "}" };\nexport function e() {\n    return 1;\n}\n',
  ],
];
for (const [given, source] of rows) {
  test(`paragraphs: ${given}`, () => assert.equal(paragraphs(source), parsedParagraphs(source)));
}
