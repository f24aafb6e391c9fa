import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { renderCatalog, writeFiles } from './helpers/render.js';

// Tools named like the parameters, members and runtime names of generated code (`options`, `input`,
// `client`, `then`, `constructor`, `invokeTool`, …): every class method and every tool function, run
// against a client that records what is sent, calls exactly its own tool. A function shadowed by a
// parameter, or a method wired to another tool, fails here.
test('every method and every tool function of a client with colliding names calls its own tool', async () => {
  const dir = join(tmpRoot, 'emit-member-calls');
  const { files, model } = await renderCatalog(
    join(repoRoot, 'fixtures/catalogs/correct-member-names.json'),
    'member-names',
  );
  await writeFiles(dir, files);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const index: any = await import(pathToFileURL(join(dir, 'index.ts')).href);
  const sent: string[] = [];
  const mcp = {
    callTool: async (params: { name: string }) => {
      sent.push(params.name);
      return { content: [{ type: 'text', text: 'done' }] };
    },
  };
  const client = new index[model.className](mcp, { validateOutput: false });
  for (const tool of model.tools) {
    sent.length = 0;
    assert.equal(typeof client[tool.method], 'function', `method ${tool.method}`);
    await client[tool.method]({});
    assert.equal(
      typeof index[tool.functionName],
      'function',
      `function ${tool.functionName} is exported`,
    );
    await index[tool.functionName](mcp, {}, { validateOutput: false });
    assert.deepEqual(
      sent,
      [tool.tool.name, tool.tool.name],
      `${tool.method} / ${tool.functionName} call ${JSON.stringify(tool.tool.name)}`,
    );
  }
  assert.equal(index.then, undefined, 'the module is not thenable');
});
