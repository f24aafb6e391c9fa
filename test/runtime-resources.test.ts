/**
 * templates/runtime.ts: resources, resource templates and prompts against the real fixture server,
 * and RFC 6570 expansion (the SDK's UriTemplate, plus the runtime's guards around its gaps).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  McpProtocolError,
  expandUriTemplate,
  getPrompt,
  readResource,
} from '../templates/runtime.js';
import type { McpClientLike } from '../templates/runtime.js';
import { connectResultsServer } from './helpers/runtime-fixture.js';

let client: Client;
before(async () => {
  client = await connectResultsServer();
});
after(async () => {
  await client.close();
});

describe('resources and prompts', () => {
  test('readResource returns the contents', async () => {
    const result = await readResource(client, 'results://about');
    assert.deepEqual(result.contents, [
      { uri: 'results://about', mimeType: 'text/plain', text: 'The results fixture server.' },
    ]);
  });

  test('a template expanded from variables reaches the server with its structure intact', async () => {
    // The server echoes the URI it received: a value with "/", "?", "#" stays one path segment.
    const uri = expandUriTemplate('results://cities/{city}{?units}', {
      city: 'a/b?c#d',
      units: 'metric',
    });
    assert.equal(uri, 'results://cities/a%2Fb%3Fc%23d?units=metric');
    const result = await readResource(client, uri);
    assert.equal(result.contents[0]?.uri, uri);
  });

  test('an unknown resource is a thrown McpProtocolError naming the URI', async () => {
    await assert.rejects(readResource(client, 'results://nope'), (e: unknown) => {
      return (
        e instanceof McpProtocolError &&
        e.code === -32602 &&
        e.method === 'resources/read' &&
        e.target === 'results://nope'
      );
    });
  });

  test('getPrompt sends defined arguments only', async () => {
    const result = await getPrompt(client, 'brief', { city: 'Oslo', style: undefined });
    assert.deepEqual(result.messages, [
      { role: 'user', content: { type: 'text', text: 'Brief on Oslo (plain); arguments: city' } },
    ]);
    const styled = await getPrompt(client, 'brief', { city: 'Oslo', style: 'haiku' });
    assert.equal(
      styled.messages[0]?.content.type === 'text' && styled.messages[0].content.text,
      'Brief on Oslo (haiku); arguments: city,style',
    );
  });

  test('a prompt error is a thrown McpProtocolError', async () => {
    await assert.rejects(
      getPrompt(client, 'brief', {}),
      (e: unknown) =>
        e instanceof McpProtocolError &&
        e.method === 'prompts/get' &&
        /Missing required argument "city"/.test(e.message),
    );
  });

  test('a client without readResource/getPrompt gets a clear error', async () => {
    const toolsOnly: McpClientLike = { callTool: (...args) => client.callTool(...args) };
    await assert.rejects(readResource(toolsOnly, 'results://about'), {
      name: 'TypeError',
      message: /cannot read results:\/\/about: the client .* has no readResource/,
    });
    await assert.rejects(getPrompt(toolsOnly, 'brief', { city: 'Oslo' }), {
      name: 'TypeError',
      message: /cannot get prompt brief: .* has no getPrompt/,
    });
  });
});

describe('expandUriTemplate', () => {
  test('{var} percent-encodes everything that could change the URI structure', () => {
    assert.equal(
      expandUriTemplate('file:///{name}', { name: '../etc/passwd' }),
      'file:///..%2Fetc%2Fpasswd',
    );
    assert.equal(
      expandUriTemplate('db://{table}/rows', { table: 'a?b#c d%' }),
      'db://a%3Fb%23c%20d%25/rows',
    );
    assert.equal(expandUriTemplate('x://{n}/{b}', { n: 42, b: true }), 'x://42/true');
  });

  test('{+path} keeps reserved characters (RFC 6570 reserved expansion) but encodes the rest', () => {
    assert.equal(
      expandUriTemplate('file:///{+path}', { path: 'docs/read me.md' }),
      'file:///docs/read%20me.md',
    );
  });

  test('{?q,lang} builds the query, encoding values and leaving out undefined ones', () => {
    assert.equal(
      expandUriTemplate('search://x{?q,lang}', { q: 'a&b=c d', lang: 'en' }),
      'search://x?q=a%26b%3Dc%20d&lang=en',
    );
    assert.equal(
      expandUriTemplate('search://x{?q,lang}', { q: undefined, lang: 'en' }),
      'search://x?lang=en',
    );
    assert.equal(
      expandUriTemplate('search://x{?q}{&lang}', { q: 'x', lang: 'en' }),
      'search://x?q=x&lang=en',
    );
  });

  test('multi-variable expressions are encoded too (the SDK would pass them through raw)', () => {
    assert.equal(expandUriTemplate('x://h/{a,b}', { a: 'a/b', b: 'c,d' }), 'x://h/a%2Fb,c%2Cd');
    assert.equal(expandUriTemplate('x://h{/a,b}', { a: 'a/b', b: 'c' }), 'x://h/a%2Fb/c');
    assert.equal(expandUriTemplate('x://h{#a,b}', { a: 'a b', b: 'c/d' }), 'x://h#a%20b,c/d');
    assert.equal(expandUriTemplate('x://h{.a,b}', { a: 'json', b: undefined }), 'x://h.json');
  });

  test('operators the SDK cannot expand correctly are refused, not expanded wrongly', () => {
    assert.throws(
      () => expandUriTemplate('x://h/{;a}', { a: '1' }),
      /operator ";" is not supported/,
    );
    assert.throws(() => expandUriTemplate('x://h/{a:3}', { a: 'abcdef' }), /prefix modifiers/);
  });
});
