import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseSnapshotText } from '../src/snapshot/index.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureCommand, runCli } from './helpers/servers.js';

// --era, --timeout and --max-pages through the real bin: on `snapshot`, and on `generate`, where
// they override each live server's discovery options from the config.
const root = join(tmpRoot, 'cli-discovery-flags');

async function project(
  name: string,
  stdio: string,
  discovery?: Record<string, unknown>,
): Promise<string> {
  const dir = join(root, name);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const server = {
    name: 'w',
    source: { stdio },
    out: 'client',
    snapshot: 'w.snapshot.json',
    ...(discovery ? { discovery } : {}),
  };
  await writeFile(join(dir, 'mcp-codegen.config.json'), JSON.stringify({ servers: [server] }));
  return dir;
}

test('snapshot --era: the v2 fixture in each era, and modern against a legacy-only server is exit 3', async () => {
  await mkdir(root, { recursive: true });
  for (const era of ['legacy', 'modern'] as const) {
    const out = join(root, `v2-${era}.json`);
    const result = await runCli([
      'snapshot',
      '--stdio',
      fixtureCommand('v2-catalog'),
      '--era',
      era,
      '--out',
      out,
    ]);
    assert.equal(result.code, 0, result.stderr);
    const snapshot = parseSnapshotText(await readFile(out, 'utf8'), out);
    assert.equal(snapshot.era, era);
    assert.match(
      result.stdout,
      era === 'modern' ? /protocol 2026-07-28, modern era\)\n$/ : /protocol 2025-11-25\)\n$/,
    );
    assert.match(result.stdout, /: 6 tools, 1 resource, 1 resource template, 1 prompt /);
  }
  const refused = await runCli([
    'snapshot',
    '--stdio',
    fixtureCommand('example'),
    '--era',
    'modern',
    '--out',
    join(root, 'never.json'),
  ]);
  assert.equal(refused.code, 3);
  assert.match(
    refused.stderr,
    /pinned to the modern era \(2026-07-28\), but the server speaks only the legacy era/,
  );
  assert.equal(existsSync(join(root, 'never.json')), false);
  const bad = await runCli([
    'snapshot',
    '--stdio',
    fixtureCommand('example'),
    '--era',
    'newest',
    '--out',
    join(root, 'never.json'),
  ]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /snapshot: --era must be one of auto, legacy, modern, got "newest"/);
});

test('generate --timeout overrides the config: a hung server fails within it, and the hint names a real flag', async () => {
  const dir = await project('timeout', fixtureCommand('misbehaving', 'hang'), {
    timeoutMs: 60_000,
  });
  // Short, but above the time node needs to start the fixture on a busy machine: the timeout also covers initialize.
  const result = await runCli(['generate', '--timeout', '3000'], { cwd: dir });
  assert.equal(result.code, 3, result.stderr);
  assert.match(result.stderr, /tools\/list, page 1: no answer within 3000 ms/);
  assert.match(result.stderr, /hint: .*raise --timeout/);
  assert.equal(existsSync(join(dir, 'client')), false, 'nothing was generated');
});

test('generate --max-pages overrides the config', async () => {
  const dir = await project('max-pages', fixtureCommand('paginated'));
  const result = await runCli(['generate', '--max-pages', '2'], { cwd: dir });
  assert.equal(result.code, 3, result.stderr);
  assert.match(
    result.stderr,
    /tools\/list, page 2: still returned a nextCursor after 2 pages \(74 tools so far\)/,
  );
  assert.match(result.stderr, /raise --max-pages/);
});

test('generate --era: the flag wins over discovery.era, the snapshot records it, and the summary counts read as English', async () => {
  const dir = await project('era', fixtureCommand('v2-catalog'), { era: 'modern' });
  const result = await runCli(['generate', '--era', 'legacy'], { cwd: dir });
  assert.equal(result.code, 0, result.stderr);
  const snapshot = parseSnapshotText(
    await readFile(join(dir, 'w.snapshot.json'), 'utf8'),
    'w.snapshot.json',
  );
  assert.equal(snapshot.era, 'legacy');
  assert.equal(snapshot.protocolVersion, '2025-11-25');
  assert.match(
    result.stderr,
    /^w: (generating client\/ from |client\/ is cached for this catalog \()6 tools, 1 resource, 1 template, 1 prompt\)?$/m,
  );

  // The manifest's files, the manifest and the snapshot (the runtime's file count follows templates/).
  const manifest = JSON.parse(
    await readFile(join(dir, 'client/mcp-codegen.manifest.json'), 'utf8'),
  ) as { files: unknown[] };
  const count = manifest.files.length + 2;
  assert.ok(count > 10, `${count} files`);
  const fresh = await runCli(['generate', '--era', 'legacy', '--check'], { cwd: dir });
  assert.equal(fresh.code, 0, fresh.stderr);
  assert.match(fresh.stderr, new RegExp(`fresh: ${count} generated files match\\n`));
  await writeFile(join(dir, 'client/index.ts'), '// edited by hand\n');
  const one = await runCli(['generate', '--era', 'legacy', '--check'], { cwd: dir });
  assert.equal(one.code, 1);
  assert.match(
    one.stderr,
    new RegExp(
      `stale: 1 of ${count} generated files differs from what mcp-codegen would write:\\n {2}changed {2}client/index\\.ts\\n`,
    ),
  );
  // Without the flag the config's era (modern) applies: the snapshot and the array-shaped types change.
  const modern = await runCli(['generate', '--check'], { cwd: dir });
  assert.equal(modern.code, 1);
  assert.match(
    modern.stderr,
    /connected over stdio \(v2-catalog 2\.0\.0, protocol 2026-07-28, modern era\)/,
  );
  assert.match(
    modern.stderr,
    /differ from what mcp-codegen would write:\n {2}changed {2}w\.snapshot\.json\n/,
  );
});

test('generate: discovery flags with --snapshot are a usage error, since nothing is discovered', async () => {
  const result = await runCli(
    ['generate', '--snapshot', 'x.json', '--out', 'o', '--timeout', '100'],
    { cwd: root },
  );
  assert.equal(result.code, 2);
  assert.match(
    result.stderr,
    /--timeout, --max-pages and --era apply to discovery; --snapshot generates from a file/,
  );
});
