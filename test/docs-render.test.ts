/**
 * The docs in process: the escapers and code printers as given/want tables, the parameter rows,
 * the example arguments against Ajv (an oracle the generator does not use), every format of the
 * bundled example against its golden (`UPDATE_GOLDEN=1` rewrites them: read the diff), bytes that
 * do not depend on the order a server listed things in, and the Markdown of the markup-hostile
 * catalog through a real CommonMark/GFM parser (micromark): nothing of the server's is a tag,
 * a link or an image there.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';
import { indentDeclarations, literal, quote } from '../src/docs/code-text.js';
import { exampleArguments } from '../src/docs/example.js';
import { SCRIPT, STYLE } from '../src/docs/html-assets.js';
import { escapeHtml, serverParagraphs, serverText } from '../src/docs/html-escape.js';
import { mdCode, mdCodeBlock, mdParagraphs, mdText } from '../src/docs/markdown-escape.js';
import { parameterRows } from '../src/docs/parameters.js';
import { llmsFullPath, renderDocs, type DocsOptions } from '../src/docs/render.js';
import { buildClientModel } from '../src/model/build.js';
import { readSnapshotFile, type Snapshot } from '../src/snapshot/index.js';
import { ValidatorCache } from './helpers/ajv-reference.js';
import { fixtureCatalogs, repoRoot } from './helpers/paths.js';
import { fixtureArgs, ROOT } from './helpers/servers.js';
import { discover } from '../src/snapshot/discover.js';

const example = join(repoRoot, 'examples/weather/weather.snapshot.json');
const markupHostile = join(repoRoot, 'fixtures/docs/hostile-markup.json');
const EXPECTED = join(repoRoot, 'fixtures/docs/expected');
/** The example's config `errors`, so the pages show a code the config declares. */
const WEATHER = {
  name: 'weather',
  errors: { tools: { set_alert: { unknown_city: 'The city id is not one list_cities returns.' } } },
};

async function render(snapshot: Snapshot, options: Omit<DocsOptions, 'out'>, out = '/docs/out') {
  const model = buildClientModel(snapshot, WEATHER);
  return renderDocs(
    { snapshot, model, importPath: './examples/weather/client/index.js' },
    { ...options, out },
  );
}

test('HTML escaping: given server text, want inert text with hidden characters marked', () => {
  const table: Array<[string, string]> = [
    ['<script>x</script>', '&lt;script&gt;x&lt;/script&gt;'],
    [`" onload='x' &amp;`, '&quot; onload=&#39;x&#39; &amp;amp;'],
    [
      'a\u200bb',
      'a<span class="hidden-char" title="a hidden character the server sent">\\u200b</span>b',
    ],
    [
      '\u{e0041}',
      '<span class="hidden-char" title="a hidden character the server sent">\\u{e0041}</span>',
    ],
    ['plain', 'plain'],
  ];
  for (const [given, want] of table) assert.equal(serverText(given), want, given);
  assert.equal(escapeHtml('<&>"\''), '&lt;&amp;&gt;&quot;&#39;');
  assert.equal(serverParagraphs('a\n<b>\n\n c '), '<p>a<br>\n&lt;b&gt;</p>\n<p> c</p>');
});

test('Markdown escaping: given server text, want it inert inline, in paragraphs and in code', () => {
  const inline: Array<[string, string]> = [
    ['*a* _b_ `c` [d](e) ![f](g)', '\\*a\\* \\_b\\_ \\`c\\` \\[d\\](e) !\\[f\\](g)'],
    ['<img src=x> &amp; | ~~s~~ $m$ #h', '\\<img src=x\\> \\&amp; \\| \\~\\~s\\~\\~ \\$m\\$ \\#h'],
    ['see https://evil.test and www.evil.test', 'see https\\://evil.test and www\\.evil.test'],
    ['two\nlines', 'two lines'],
    ['a\u202eb', 'a\\\\u202eb'],
  ];
  for (const [given, want] of inline) assert.equal(mdText(given), want, given);
  assert.equal(
    mdParagraphs('- item\n1. one\n+ plus\n=== \n  # h'),
    '\\- item\\\n1\\. one\\\n\\+ plus\\\n\\===\\\n\\# h',
  );
  assert.equal(mdParagraphs('a\n\n\nb'), 'a\n\nb');
  const code: Array<[string, boolean, string]> = [
    ['plain', false, '`plain`'],
    ['a`b', false, '``a`b``'],
    ['`x`', false, '`` `x` ``'],
    ['a|b', true, '`a\\|b`'],
    ['a\nb', false, '`a b`'],
  ];
  for (const [given, inTable, want] of code) assert.equal(mdCode(given, inTable), want, given);
  assert.equal(mdCodeBlock('a ``` b', 'ts'), '````ts\na ``` b\n````');
  assert.equal(mdCodeBlock('x\u200b', ''), '```\nx\\u200b\n```');
});

test('code text: given values, want TypeScript literals; given unformatted declarations, want them indented', () => {
  const table: Array<[unknown, number, string]> = [
    [{ city: 'paris', days: 2 }, 0, "{ city: 'paris', days: 2 }"],
    [{ 'a-b': "it's", __proto__x: [] }, 0, "{ 'a-b': 'it\\'s', __proto__x: [] }"],
    [JSON.parse('{"__proto__": 1}'), 0, "{ '__proto__': 1 }"],
    ['say "hi"\n', 0, '\'say "hi"\\n\''],
    [
      { long: 'x'.repeat(70), list: [1, 2] },
      10,
      `{\n  long: '${'x'.repeat(70)}',\n  list: [1, 2],\n}`,
    ],
  ];
  for (const [value, column, want] of table) assert.equal(literal(value, column), want);
  assert.equal(quote('\\\'"'), "'\\\\\\'\"'");
  assert.equal(
    indentDeclarations('export interface A {\n/**\n * x { y\n */\nb: {\nc: ("}" | "{")\n}[]\n}'),
    'export interface A {\n  /**\n   * x { y\n   */\n  b: {\n    c: ("}" | "{")\n  }[]\n}',
  );
});

test('parameter rows: nested properties, local $refs, enum, default, constraints; a cycle ends', () => {
  const { rows, note } = parameterRows({
    type: 'object',
    required: ['city'],
    additionalProperties: false,
    properties: {
      days: { type: 'integer', minimum: 1, maximum: 7, default: 3, description: 'How many' },
      city: { $ref: '#/$defs/city' },
      tags: {
        type: 'array',
        items: { type: 'object', properties: { name: { enum: ['a', 'b'] } } },
      },
      node: { $ref: '#/$defs/node' },
    },
    $defs: {
      city: { type: 'string', description: 'A city id', pattern: '^[a-z]+$' },
      node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } },
    },
  });
  assert.equal(note, undefined);
  assert.deepEqual(
    rows.map((r) => [
      r.path,
      r.depth,
      r.type,
      r.required,
      r.default,
      r.values,
      r.constraints,
      r.description,
    ]),
    [
      ['city', 0, 'string', true, undefined, [], ['pattern ^[a-z]+$'], 'A city id'],
      ['days', 0, 'integer', false, '3', [], ['minimum 1', 'maximum 7'], 'How many'],
      ['node', 0, 'object', false, undefined, [], [], undefined],
      ['node.next', 1, 'object', false, undefined, [], [], undefined],
      ['tags', 0, 'object[]', false, undefined, [], [], undefined],
      ['tags[].name', 1, 'enum', false, undefined, ['"a"', '"b"'], [], undefined],
    ],
  );
  assert.equal(
    parameterRows({ type: 'object', additionalProperties: false }).note,
    'No parameters.',
  );
  assert.match(parameterRows({ type: 'object' }).note!, /accepts any object/);
});

test('example arguments: valid against each input schema (Ajv decides), the same every time', async () => {
  const ajv = new ValidatorCache();
  let checked = 0;
  for (const file of [example, markupHostile, ...fixtureCatalogs()]) {
    const model = buildClientModel(await readSnapshotFile(file), { name: 'x' });
    for (const tool of model.tools) {
      const args = exampleArguments(tool);
      if (args === undefined) continue;
      assert.deepEqual(exampleArguments(tool), args);
      const issues = ajv.validate(tool.tool.inputSchema, args);
      // A schema Ajv cannot compile (a remote $ref, a boolean exclusiveMinimum) has no verdict here.
      if (issues.some((i) => i.keyword === '$compile')) continue;
      assert.deepEqual(issues, [], `${file} ${tool.tool.name}: ${JSON.stringify(args)}`);
      checked++;
    }
  }
  assert.ok(checked >= 60, `${checked} examples checked`);
});

test('every format of the bundled example is its golden, byte for byte', async () => {
  const snapshot = await readSnapshotFile(example);
  const runs: Array<[Omit<DocsOptions, 'out'>, string]> = [
    [{ format: 'html' }, 'weather.html'],
    [{ format: 'markdown' }, 'weather.md'],
    [{ format: 'markdown', split: true }, 'split'],
    [{ format: 'llms-txt', full: true }, 'llms.txt'],
  ];
  for (const [options, name] of runs) {
    const out = join(EXPECTED, name);
    const files = await render(snapshot, options, out);
    assert.deepEqual(
      await render(snapshot, options, out),
      files,
      'a second run gives the same bytes',
    );
    for (const file of files) {
      // The page's style sheet and script are html-assets.ts's, reviewed there (as the runtime copies
      // are templates/'s, outside the client goldens): the golden holds where they go, and their hashes.
      const content = file.content
        .replace(STYLE, '/* html-assets.ts STYLE */')
        .replace(SCRIPT, '/* html-assets.ts SCRIPT */');
      if (process.env.UPDATE_GOLDEN === '1') {
        mkdirSync(dirname(file.file), { recursive: true });
        writeFileSync(file.file, content);
      } else
        assert.equal(
          content,
          readFileSync(file.file, 'utf8'),
          `${relative(repoRoot, file.file)} (UPDATE_GOLDEN=1 rewrites it: read the diff)`,
        );
    }
  }
  assert.equal(llmsFullPath('/a/llms.txt'), '/a/llms-full.txt');
  assert.equal(llmsFullPath('/a/weather.txt'), '/a/weather-full.txt');
});

test('the bytes do not depend on the time zone the machine is set to', async () => {
  const snapshot = await readSnapshotFile(example);
  const here = await render(snapshot, { format: 'html' });
  const zone = process.env.TZ;
  try {
    for (const tz of ['Pacific/Kiritimati', 'America/St_Johns']) {
      process.env.TZ = tz;
      assert.deepEqual(await render(snapshot, { format: 'html' }), here, tz);
    }
  } finally {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  }
});

test('the bytes do not depend on the order the server listed things or wrote its keys in', async () => {
  const snapshot = await readSnapshotFile(example);
  const reversedKeys = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(reversedKeys)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .reverse()
              .map(([k, v]) => [k, reversedKeys(v)]),
          )
        : value;
  const shuffled = {
    ...snapshot,
    tools: [...snapshot.tools].reverse().map((t) => reversedKeys(t)),
    resources: [...snapshot.resources].reverse(),
    resourceTemplates: [...snapshot.resourceTemplates].reverse(),
    prompts: [...snapshot.prompts].reverse(),
  } as Snapshot;
  for (const format of ['html', 'markdown', 'llms-txt'] as const)
    assert.deepEqual(
      await render(shuffled, { format }),
      await render(snapshot, { format }),
      format,
    );
});

test('the markup-hostile catalog in Markdown: through a GFM parser, no tag, link or image of the server', async () => {
  const snapshot = await readSnapshotFile(markupHostile);
  const pages = [
    ...(await render(snapshot, { format: 'markdown' })),
    ...(await render(snapshot, { format: 'markdown', split: true })),
    ...(await render(snapshot, { format: 'llms-txt', full: true }, '/docs/llms.txt')),
  ];
  for (const { file, content } of pages) {
    const html = micromark(content, {
      allowDangerousHtml: true,
      extensions: [gfm()],
      htmlExtensions: [gfmHtml()],
    });
    const tags = new Set([...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]));
    const allowed = [
      'a',
      'br',
      'code',
      'em',
      'h1',
      'h2',
      'h3',
      'h4',
      'li',
      'p',
      'pre',
      'strong',
      'table',
      'tbody',
      'td',
      'th',
      'thead',
      'tr',
      'ul',
      'blockquote',
    ];
    assert.deepEqual(
      [...tags].filter((t) => !allowed.includes(t!)),
      [],
      file,
    );
    // Links are ours: to an anchor of ours, a page of ours, or llms-full.txt.
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]!);
    assert.deepEqual(
      hrefs.filter(
        (h) =>
          !/^(#[a-z0-9-]+|tools\/[a-z0-9-]+\.md|\.\.\/README\.md(#[a-z0-9-]+)?|llms-full\.txt(#[a-z0-9-]+)?)$/.test(
            h,
          ),
      ),
      [],
      file,
    );
    assert.equal(
      /<a [^>]*id="[^"]*[^a-z0-9-"][^"]*"/.test(html),
      false,
      `${file}: an anchor id of ours only`,
    );
  }
  const [single] = pages;
  const html = micromark(single!.content, {
    allowDangerousHtml: true,
    extensions: [gfm()],
    htmlExtensions: [gfmHtml()],
  });
  for (const sent of [
    '&lt;script&gt;window.__pwned=6&lt;/script&gt;',
    '![tracker](http://evil.test/track.png)',
    '# Injected heading',
    '| not | a table |',
  ])
    assert.ok(html.includes(sent), sent);
});

test('UI resources as discovery records them (the apps fixture server): their CSP, permissions and the tools that use them', async () => {
  const snapshot = await discover(
    { stdio: [process.execPath, ...fixtureArgs('apps')] },
    {
      cwd: ROOT,
      env: process.env,
      capabilities: {
        extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
      },
      timeoutMs: 20_000,
    },
  );
  assert.ok((snapshot.uiResources ?? []).length >= 2, 'the fixture names UI resources');
  const [md] = await render(snapshot, { format: 'markdown' });
  const [html] = await render(snapshot, { format: 'html' });
  for (const resource of snapshot.uiResources!) {
    assert.ok(md!.content.includes(mdCode(resource.uri)), resource.uri);
    assert.ok(html!.content.includes(serverText(resource.uri)), resource.uri);
  }
  assert.match(md!.content, /\*\*CSP:\*\* `connectDomains`: `https:\/\/content\.example\.com`/);
  assert.match(md!.content, /\*\*Permissions:\*\* `clipboardWrite`/);
  assert.match(md!.content, /\*\*Used by:\*\* \[`[^`]+`\]\(#tool-/);
  assert.match(html!.content, /<dt>Prefers a border<\/dt><dd>(yes|no)<\/dd>/);
});
