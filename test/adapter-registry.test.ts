/**
 * One registry of agent adapters (issue 47 item 3): a framework is its own files plus one row of the
 * table (src/emit/agents/adapters.ts), and the config's list of keys (src/config/agent-switches.ts),
 * which config needs because it comes before the table in the pipeline. So for every registered
 * framework, at most 4 `.ts` files under src/ name it in code (comments do not count): its plan half,
 * its print half, the table and the config's list.
 */
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { AGENT_SWITCH_KEYS } from '../src/config/agent-switches.js';
import { ADAPTERS } from '../src/emit/agents/adapters.js';
import { repoRoot } from './helpers/paths.js';

const SRC = join(repoRoot, 'src');
const MOST = 4;

/** A file's code without its comments: every token's text, strings and template text included. */
function codeOf(text: string): string {
  const file = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, true);
  const tokens: string[] = [];
  const walk = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode)
      return;
    const children = node.getChildren(file);
    if (children.length === 0) tokens.push(node.getText(file));
    else children.forEach(walk);
  };
  walk(file);
  return tokens.join(' ');
}

/**
 * Whether code names a framework by its config key, in any case and with or without a separator
 * between its words (`codeMode`, `code-mode`, `CODE_MODE`), where the name does not run on into a
 * longer lower-case word: `ErrorCodeModel` is no mention of code mode. Prose that names a spec in a
 * string (the "Standard Schema objects" of a doc the adapters print) is not the key either.
 */
function names(key: string): RegExp {
  const letters = (word: string) =>
    [...word].map((c) => `[${c.toLowerCase()}${c.toUpperCase()}]`).join('');
  const words = key.split(/(?=[A-Z])/).map(letters);
  return new RegExp(`${words.join('[-_]?')}(?![a-z])`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : [join(dir, e.name)]))
    .filter((f) => f.endsWith('.ts'))
    .sort();
}

test('the comment-free code and the name matcher: given a key and a file, want whether it names it', () => {
  const rows: Array<[given: string, key: string, text: string, want: boolean]> = [
    ['a line comment', 'mastra', '// mastraTools(client)\nexport {};', false],
    ['a doc comment', 'mastra', '/** The Mastra adapter. */\nexport const x = 1;', false],
    ['a block comment in code', 'mastra', 'const a = /* mastra */ 1;', false],
    ['an identifier', 'mastra', 'export const mastraTools = 1;', true],
    ['a string', 'mastra', "import { x } from './mastra-file.js';", true],
    ['template text after a comment-like run', 'mastra', 'const t = `/* ${a} */ mastra`;', true],
    ['the key in a string', 'codeMode', 'adapter.key === "codeMode";', true],
    ['the key in kebab case', 'codeMode', "const f = { d: 'code-mode.d.ts' };", true],
    ['the key in upper snake case', 'codeMode', 'const CODE_MODE = 1;', true],
    ['the key starting a longer name', 'codeMode', 'let codeModeNamespace;', true],
    ['a longer lower-case word', 'codeMode', 'let e: ErrorCodeModel[];', false],
    ['inside a name', 'openai', 'function withOpenaiTools() {}', true],
    ['a package', 'openai', "import('@openai/agents');", true],
    ['camel case across words', 'standardSchema', 'const standardSchemaPlan = 1;', true],
    ['other words between', 'standardSchema', 'let s: StandardToolSchema;', false],
    ['prose naming the spec', 'standardSchema', 'const d = "the Standard Schema objects";', false],
  ];
  for (const [given, key, text, want] of rows)
    assert.equal(names(key).test(codeOf(text)), want, given);
});

test("the table has one row per config key, in the config's order", () => {
  assert.deepEqual(
    ADAPTERS.map((a) => a.key),
    [...AGENT_SWITCH_KEYS],
  );
});

test(`every registered framework is named in code by at most ${MOST} files of src/`, () => {
  const files = sourceFiles(SRC).map((f) => ({
    path: relative(SRC, f).split('\\').join('/'),
    code: codeOf(readFileSync(f, 'utf8')),
  }));
  const counts = ADAPTERS.map((adapter) => {
    const found = files.filter((f) => names(adapter.key).test(f.code)).map((f) => f.path);
    return { key: adapter.key, found };
  });
  for (const { key, found } of counts) {
    // The search finds what it should: the table and the config's list name every key.
    assert.ok(
      found.includes('emit/agents/adapters.ts') && found.includes('config/agent-switches.ts'),
      `${key}: ${found.join(', ')}`,
    );
    assert.ok(
      found.length <= MOST,
      `${key} is named in ${found.length} files: ${found.join(', ')}`,
    );
  }
});
