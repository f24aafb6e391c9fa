/**
 * Issue 15, "results without an output schema": `data` is `ToolContent`, always an object: the first
 * block's `text`, the `json` it holds (or `structuredContent`), and every `content` block. A given/want
 * table over result shapes, then a client generated for @modelcontextprotocol/server-everything,
 * called for real (text, JSON text, an image, resource links, an embedded resource) and type-checked.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { discover } from '../src/snapshot/discover.js';
import { renderClient } from '../src/generate/render.js';
import { classifyResult, type CallToolResultLike, type ToolSpec } from '../templates/runtime.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { writeFiles } from './helpers/render.js';
import { EVERYTHING } from './helpers/servers.js';
import { typecheck } from './helpers/tsc.js';

const noSchema: ToolSpec = { name: 'tool', branches: [], codes: [] };
const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
const link = { type: 'resource_link', uri: 'demo://resource/1', name: 'one' };
const embedded = { type: 'resource', resource: { uri: 'demo://resource/2', text: 'two' } };

// Given a successful result, want this `data`.
const rows: Array<[string, CallToolResultLike, unknown]> = [
  [
    'plain text',
    { content: [{ type: 'text', text: 'hello' }] },
    { text: 'hello', content: [{ type: 'text', text: 'hello' }] },
  ],
  [
    'JSON object text',
    { content: [{ type: 'text', text: '{"a":1}' }] },
    { text: '{"a":1}', json: { a: 1 }, content: [{ type: 'text', text: '{"a":1}' }] },
  ],
  [
    'JSON array text',
    { content: [{ type: 'text', text: ' [1,2]' }] },
    { text: ' [1,2]', json: [1, 2], content: [{ type: 'text', text: ' [1,2]' }] },
  ],
  [
    'a number as text stays text',
    { content: [{ type: 'text', text: '42' }] },
    { text: '42', content: [{ type: 'text', text: '42' }] },
  ],
  [
    'broken JSON stays text',
    { content: [{ type: 'text', text: '{nope' }] },
    { text: '{nope', content: [{ type: 'text', text: '{nope' }] },
  ],
  ['image only: never undefined', { content: [image] }, { content: [image] }],
  [
    'image first, then text: no text (the first block is not text)',
    { content: [image, { type: 'text', text: 'caption' }] },
    { content: [image, { type: 'text', text: 'caption' }] },
  ],
  [
    'text, then resource links',
    { content: [{ type: 'text', text: 'links:' }, link] },
    { text: 'links:', content: [{ type: 'text', text: 'links:' }, link] },
  ],
  ['embedded resource', { content: [embedded] }, { content: [embedded] }],
  [
    'structuredContent without an outputSchema is the json',
    { content: [{ type: 'text', text: 'sum: 3' }], structuredContent: { sum: 3 } },
    { text: 'sum: 3', json: { sum: 3 }, content: [{ type: 'text', text: 'sum: 3' }] },
  ],
  ['no content at all', { content: [] }, { content: [] }],
  [
    'a 2024-10-07 toolResult is the json',
    { toolResult: { answer: 42 } },
    { json: { answer: 42 }, content: [] },
  ],
  [
    'items that are not objects are dropped',
    { content: [null, 'x', { type: 'text', text: 'ok' }] },
    { text: 'ok', content: [{ type: 'text', text: 'ok' }] },
  ],
];

describe('no-schema data: given result, want data', () => {
  for (const [name, result, want] of rows) {
    test(name, () => {
      const r = classifyResult(noSchema, result);
      assert.equal(r.ok, true);
      assert.deepEqual(r.ok && r.data, want);
    });
  }
  test('a schema-described tool keeps its payload as data', () => {
    const spec: ToolSpec = {
      name: 'tool',
      branches: [{ kind: 'documented', required: [] }],
      codes: [],
    };
    const r = classifyResult(spec, { content: [{ type: 'text', text: '{"a":1}' }] });
    assert.deepEqual(r.ok && r.data, { a: 1 });
  });
});

// Compile-time: data is ToolContent, and narrowing on `type` gives the protocol's block types.
const usage = `
import { expectTypeOf } from 'expect-type';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { EverythingClient, unwrap, type ContentBlock, type ImageContent, type ResourceLink, type ToolContent } from './client/index.js';

declare const mcp: Client;
const client = new EverythingClient(mcp);

export async function main(): Promise<string> {
  const data = await client.getTinyImage().then(unwrap);
  expectTypeOf(data).toEqualTypeOf<ToolContent>();
  expectTypeOf(data.content).toEqualTypeOf<ContentBlock[]>();
  expectTypeOf(data.text).toEqualTypeOf<string | undefined>();
  for (const block of data.content) {
    if (block.type === 'image') expectTypeOf(block).toEqualTypeOf<ImageContent>();
    if (block.type === 'resource_link') expectTypeOf(block).toEqualTypeOf<ResourceLink>();
  }
  // @ts-expect-error text is absent when the first block is not text
  const text: string = data.text;
  void text;
  const echo = await client.echo({ message: 'hi' });
  return echo.ok ? (echo.data.text ?? '') : echo.error.message;
}
`;

describe('server-everything, generated and called', () => {
  const open: Client[] = [];
  after(async () => {
    await Promise.all(open.map((c) => c.close()));
  });

  test('text, JSON text, an image, resource links and an embedded resource come back typed; the client type-checks', async () => {
    const argv = [process.execPath, EVERYTHING, 'stdio'];
    const snapshot = await discover({ stdio: argv }, { cwd: repoRoot, env: process.env });
    const dir = join(tmpRoot, 'first-contact-content');
    const { files } = await renderClient(snapshot, { name: 'everything' }, join(dir, 'client'));
    await writeFiles(
      dir,
      files.map((f) => ({ path: `client/${f.path}`, content: f.content })),
    );
    await writeFile(join(dir, 'usage.ts'), usage);
    const module = await import(pathToFileURL(join(dir, 'client/index.ts')).href);
    const mcp = new Client({ name: 'first-contact-content-test', version: '0.0.0' });
    await mcp.connect(
      new StdioClientTransport({
        command: argv[0]!,
        args: argv.slice(1),
        cwd: repoRoot,
        env: process.env as Record<string, string>,
      }),
    );
    open.push(mcp);
    const client = new module.EverythingClient(mcp);

    const echo = await client.echo({ message: 'hi' });
    assert.equal(echo.ok, true, JSON.stringify(echo.error));
    assert.deepEqual(echo.data, {
      text: 'Echo: hi',
      content: [{ type: 'text', text: 'Echo: hi' }],
    });

    const env = await client.getEnv();
    assert.equal(env.ok, true, JSON.stringify(env.error));
    assert.equal(typeof env.data.text, 'string');
    assert.deepEqual(env.data.json, JSON.parse(env.data.text));
    assert.equal(typeof env.data.json, 'object');

    const tiny = await client.getTinyImage();
    assert.equal(tiny.ok, true, JSON.stringify(tiny.error));
    const images = tiny.data.content.filter((b: { type: string }) => b.type === 'image');
    assert.equal(images.length, 1);
    assert.equal(images[0].mimeType, 'image/png');
    assert.match(images[0].data, /^[A-Za-z0-9+/]+=*$/);
    assert.equal(tiny.data.content[0].type, 'text');
    assert.equal(tiny.data.text, tiny.data.content[0].text);

    const links = await client.getResourceLinks({ count: 2 });
    assert.equal(links.ok, true, JSON.stringify(links.error));
    assert.deepEqual(
      links.data.content.map((b: { type: string }) => b.type),
      ['text', 'resource_link', 'resource_link'],
    );
    for (const l of links.data.content.slice(1)) assert.match(l.uri, /^demo:\/\/resource\//);

    const reference = await client.getResourceReference({ resourceType: 'Text', resourceId: 1 });
    assert.equal(reference.ok, true, JSON.stringify(reference.error));
    const resource = reference.data.content.find((b: { type: string }) => b.type === 'resource');
    assert.ok(resource, JSON.stringify(reference.data.content));
    assert.match(resource.resource.uri, /^demo:\/\/resource\//);

    const result = await typecheck(dir, 'nodenext');
    assert.ok(result.ok, `tsc:\n${result.output.slice(0, 3000)}`);
  });
});
