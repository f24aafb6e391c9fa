/**
 * The cached path keys on the snapshot file's bytes and skips parsing and linting: it must still
 * print the security warnings of the run that made the entry, and a changed lint policy must not
 * reuse warnings found under the old one.
 */
import assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { tmpRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

test('a cached run prints the security warnings of the catalog, and a new lint policy is a miss', async () => {
  const work = join(tmpRoot, `generate-cache-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  // A zero-width space in a description: the hidden-characters security rule.
  const tool = {
    name: 'lookup',
    description: 'Looks things up.\u200b',
    inputSchema: { type: 'object', properties: {} },
  };
  await writeFile(join(work, 'c.json'), JSON.stringify({ tools: [tool] }));
  const cli = (args: string[]) => runCli(args, { cwd: work, env: { NO_COLOR: '1' } });
  const args = ['generate', '--snapshot', 'c.json', '--out', 'out', '--name', 'c'];
  const first = await cli(args);
  assert.equal(first.code, 0, first.stderr);
  const lint = first.stderr.split('\n').filter((line) => /^warning: c: lint /.test(line));
  assert.ok(lint.length > 0, `the first run warns about the hidden character:\n${first.stderr}`);
  const again = await cli(args);
  assert.equal(again.code, 0, again.stderr);
  assert.match(
    again.stderr,
    /out\/ is cached for this catalog \(1 tool, 0 resources, 0 templates, 0 prompts\)/,
  );
  assert.deepEqual(
    again.stderr.split('\n').filter((line) => /^warning: c: lint /.test(line)),
    lint,
    'the same lint warnings',
  );
  // The same catalog under a config that turns the rules off: not served from the old entry.
  const rules = [...new Set(lint.map((line) => /lint (\S+)/.exec(line)![1]!))];
  const config = {
    servers: [
      {
        name: 'c',
        source: { snapshot: 'c.json' },
        out: 'out',
        lint: { rules: Object.fromEntries(rules.map((id) => [id, 'off'])) },
      },
    ],
  };
  await writeFile(join(work, 'mcp-codegen.config.json'), JSON.stringify(config));
  const quiet = await cli(['generate']);
  assert.equal(quiet.code, 0, quiet.stderr);
  assert.doesNotMatch(quiet.stderr, /warning: c: lint /);
  assert.doesNotMatch(quiet.stderr, /is cached/);
});
