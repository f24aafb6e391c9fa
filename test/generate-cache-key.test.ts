/**
 * The output cache keys on the catalog's canonical form: a live `generate` (which discovers the
 * catalog and writes its snapshot) and an offline run (which reads that snapshot file) of the same
 * catalog share an entry, in either order. Runs the compiled generator (dist/): a run from sources
 * has no build stamp and never caches. The example fixture server, over stdio.
 */
import assert from 'node:assert/strict';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import type { ResolvedConfig } from '../src/config/types.js';
import { repoRoot, tmpRoot } from './helpers/paths.js';
import { fixtureCommand } from './helpers/servers.js';

type Generate = typeof import('../src/generate/generate.js').generate;

test('a live generate and an offline run of the same catalog hit the same cache entry', async () => {
  const { generate } = (await import(
    pathToFileURL(join(repoRoot, 'dist/generate/generate.js')).href
  )) as { generate: Generate };
  const root = join(tmpRoot, `cache-key-${process.pid}`);
  await rm(root, { recursive: true, force: true });
  await mkdir(root, { recursive: true });
  const config: ResolvedConfig = {
    root,
    cache: { dir: 'cache' },
    servers: [
      {
        name: 'w',
        source: { stdio: fixtureCommand('example') },
        snapshot: 'w.snapshot.json',
        out: 'client',
      },
    ],
  };
  try {
    const live = await generate({ config });
    assert.deepEqual(live.cached, [], 'the first run is cold');
    const offline = await generate({ config, offline: true });
    assert.deepEqual(offline.cached, ['w'], 'offline, from the snapshot file the live run wrote');
    const liveAgain = await generate({ config });
    assert.deepEqual(liveAgain.cached, ['w'], 'live again, after the offline run');
    assert.ok(
      [...offline.files, ...liveAgain.files].every((f) => f.status === 'unchanged'),
      'nothing to write',
    );
    // --check --offline: with a manifest the hashes cannot vouch for, the cache answers.
    const manifest = join(root, 'client/mcp-codegen.manifest.json');
    const text = await readFile(manifest, 'utf8');
    await writeFile(manifest, text.replace(/"generator": "[^"]*"/, '"generator": "other"'));
    const check = await generate({ config, check: true, offline: true });
    assert.deepEqual(check.cached, ['w']);
    assert.deepEqual(check.byManifest, []);
    assert.deepEqual(check.stale, []);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});
