import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import type { DiscoverProgress } from '../src/discover/index.js';
import { lintSnapshot } from '../src/lint/engine.js';
import { PLACEHOLDER_PAGE } from '../src/mock/resources.js';
import { discover } from '../src/snapshot/discover.js';
import {
  parseSnapshotText,
  serializeSnapshot,
  type Snapshot,
  type UiResource,
} from '../src/snapshot/index.js';
import { DASHBOARD_HTML, WIDGET_BYTES } from '../fixtures/servers/apps.js';
import { mockArgs } from './helpers/mock.js';
import { tmpRoot } from './helpers/paths.js';
import { fixtureArgs, fixtureCommand, ROOT, runCli } from './helpers/servers.js';

// Discovery as the user's client: the capabilities it declares, the requests a server sends it,
// and the MCP Apps UI resources its tools name, against fixture servers written with the SDKs
// (apps.ts with @modelcontextprotocol/ext-apps), then diff, lint and the mock on what it wrote.
// The mock and the CLI run from the compiled bin: `npm run build` first.
const dir = join(tmpRoot, 'discover-apps');
const sha256 = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const env = process.env;
/** What an app host's client declares: tasks included, which the 2026-07-28 era has no place for. */
const CAPABILITIES = {
  roots: {},
  elicitation: { form: {} },
  tasks: { list: {}, cancel: {} },
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};
const apps = (...args: string[]) => ({
  stdio: [process.execPath, ...fixtureArgs('apps', ...args)],
});
const ui = (snapshot: Snapshot, uri: string): UiResource =>
  snapshot.uiResources!.find((r) => r.uri === uri)!;

test('requests a server sends while it lists get a prompt, well-formed refusal, in both eras, declared or not', async () => {
  const declared = { roots: {}, sampling: {}, elicitation: { form: {} } };
  for (const [label, args, capabilities] of [
    ['legacy, declared', [], declared],
    ['legacy, not declared', [], {}],
    ['modern', ['--modern'], declared],
  ] as const) {
    // The server waits for every answer before it lists: without one, this would time out.
    const snapshot = await discover(
      { stdio: fixtureCommand('asking', ...args) },
      { cwd: ROOT, env, capabilities, timeoutMs: 10_000 },
    );
    const answers = Object.fromEntries(snapshot.tools.map((t) => [t.name, t.description]));
    assert.deepEqual(
      answers,
      {
        after_elicitation: 'result {"action":"decline"}',
        after_roots: 'result {"roots":[]}',
        after_sampling:
          'error -1 mcp-codegen is discovering this server and has no model to sample: refused',
      },
      label,
    );
  }
});

test('an app server: every ui:// resource a tool names is read, listed or not; the content wins; a failed read is recorded with a warning', async () => {
  const progress: DiscoverProgress[] = [];
  const warnings: string[] = [];
  const snapshot = await discover(apps(), {
    cwd: ROOT,
    env,
    capabilities: CAPABILITIES,
    serverLabel: 'apps',
    onProgress: (e) => progress.push(e),
    onWarning: (line) => warnings.push(line),
  });
  assert.equal(snapshot.era, 'modern');
  assert.deepEqual(snapshot.clientCapabilities, CAPABILITIES);
  assert.deepEqual(snapshot.clientCapabilitiesNotSent, ['tasks']);
  assert.deepEqual(
    snapshot.uiResources!.map((r) => r.uri),
    [
      'ui://broken/view.html',
      'ui://dashboard/view.html',
      'ui://plain/view.html',
      'ui://widget/view.html',
    ],
  );
  // Not in resources/list, read all the same: its CSP and the hash and size of its content.
  assert.ok(!snapshot.resources.some((r) => r.uri === 'ui://dashboard/view.html'));
  assert.deepEqual(ui(snapshot, 'ui://dashboard/view.html'), {
    uri: 'ui://dashboard/view.html',
    mimeType: 'text/html;profile=mcp-app',
    ui: {
      csp: {
        connectDomains: ['https://api.example.com'],
        resourceDomains: ['https://cdn.example.com'],
      },
      prefersBorder: true,
    },
    sha256: sha256(DASHBOARD_HTML),
    bytes: Buffer.byteLength(DASHBOARD_HTML),
  });
  // Listed with a _meta.ui of its own; the read content's wins. A blob is hashed as its bytes.
  const widget = ui(snapshot, 'ui://widget/view.html');
  assert.deepEqual(widget.ui, {
    csp: { connectDomains: ['https://content.example.com'] },
    permissions: { clipboardWrite: {} },
  });
  assert.equal(widget.sha256, sha256(WIDGET_BYTES));
  assert.equal(widget.bytes, WIDGET_BYTES.length);
  assert.ok(!('blob' in widget) && !('text' in widget), 'content is kept only with uiHtml');
  assert.deepEqual(ui(snapshot, 'ui://broken/view.html').error, {
    code: -32603,
    message: 'the view bundle is missing',
  });
  assert.deepEqual(warnings, [
    'server "apps": the UI resource "ui://broken/view.html" of tool "open_broken" could not be read ("the view bundle is missing"); the snapshot records the error',
  ]);
  assert.deepEqual(
    progress.filter((e) => e.type === 'ui-resources'),
    [{ type: 'ui-resources', server: 'apps', read: 3, failed: 1 }],
  );
  // What lint makes of it.
  const found = lintSnapshot(snapshot)
    .findings.filter((f) => f.id.startsWith('ui-'))
    .map((f) => [f.id, f.entity, f.level]);
  assert.deepEqual(found, [
    ['ui-resource-unreadable', 'tool:open_broken', 'error'],
    ['ui-deprecated-resource-uri-key', 'tool:open_widget', 'info'],
    ['ui-resource-without-csp', 'ui-resource:ui://plain/view.html', 'warning'],
  ]);

  // The mock of this snapshot serves the UI resources it recorded: a snapshot of the mock, taken
  // as the same client, differs only in the hashes and sizes of the content it did not keep.
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'modern.json');
  await writeFile(file, serializeSnapshot(snapshot));
  const mocked = await discover(
    { stdio: [process.execPath, ...mockArgs('--snapshot', file)] },
    { cwd: ROOT, env, capabilities: CAPABILITIES },
  );
  const withoutHashes = (s: Snapshot) =>
    serializeSnapshot({
      ...s,
      uiResources: s.uiResources!.map(({ sha256: _s, bytes: _b, ...rest }) => rest),
    });
  assert.equal(withoutHashes(mocked), withoutHashes(snapshot));
  for (const uri of ['ui://dashboard/view.html', 'ui://plain/view.html', 'ui://widget/view.html'])
    assert.equal(ui(mocked, uri).sha256, sha256(PLACEHOLDER_PAGE), uri);
  assert.deepEqual(mocked.clientCapabilitiesNotSent, ['tasks']);
});

test('snapshot --capabilities @file --ui-html, then one connectDomains entry more: diff says ui-csp-domain-added and fails under --fail-on warning; the mock serves the kept content byte for byte', async () => {
  await mkdir(dir, { recursive: true });
  const caps = join(dir, 'caps.json');
  await writeFile(caps, JSON.stringify(CAPABILITIES));
  const base = join(dir, 'base.json');
  const head = join(dir, 'head.json');
  const made = await runCli([
    'snapshot',
    '--stdio',
    fixtureCommand('apps'),
    '--era',
    'legacy',
    '--capabilities',
    `@${caps}`,
    '--ui-html',
    '--out',
    base,
  ]);
  assert.equal(made.code, 0, made.stderr);
  assert.match(made.stdout, /6 tools, 3 resources, 1 resource template, 0 prompts, 4 UI resources/);
  const before = parseSnapshotText(await readFile(base, 'utf8'), base);
  assert.deepEqual(before.clientCapabilities, CAPABILITIES);
  assert.equal(before.clientCapabilitiesNotSent, undefined, 'the legacy era sends tasks');
  assert.equal(ui(before, 'ui://dashboard/view.html').text, DASHBOARD_HTML);
  assert.equal(ui(before, 'ui://widget/view.html').blob, WIDGET_BYTES.toString('base64'));

  const widened = await discover(apps('--connect-domain', 'https://collect.example.net'), {
    cwd: ROOT,
    env,
    era: 'legacy',
    capabilities: CAPABILITIES,
  });
  await writeFile(head, serializeSnapshot(widened));
  const diff = await runCli(['diff', base, head, '--format', 'json', '--fail-on', 'warning']);
  assert.equal(diff.code, 1, diff.stderr);
  const report = JSON.parse(diff.stdout) as {
    findings: Array<{
      id: string;
      level: string;
      entity: string;
      pointer: string;
      after: unknown;
      message: string;
    }>;
  };
  assert.deepEqual(
    report.findings.map(({ id, level, entity, pointer, after }) => ({
      id,
      level,
      entity,
      pointer,
      after,
    })),
    [
      {
        id: 'ui-csp-domain-added',
        level: 'warning',
        entity: 'ui-resource:ui://dashboard/view.html',
        pointer: '/ui/csp/connectDomains',
        after: 'https://collect.example.net',
      },
    ],
  );
  assert.match(
    report.findings[0]!.message,
    /connectDomains gained "https:\/\/collect\.example\.net"/,
  );

  // Content kept: the mock serves it, and its snapshot is the file it serves, byte for byte.
  const mocked = await discover(
    { stdio: [process.execPath, ...mockArgs('--snapshot', base)] },
    { cwd: ROOT, env, capabilities: CAPABILITIES, uiHtml: true },
  );
  assert.equal(serializeSnapshot(mocked), await readFile(base, 'utf8'));
});

test('snapshot --capabilities that is not JSON is a usage error naming the flag (its shape is checked as the config checks discovery.capabilities)', async () => {
  const bad = await runCli([
    'snapshot',
    '--stdio',
    'node x',
    '--capabilities',
    '{roots',
    '--out',
    join(dir, 'x.json'),
  ]);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--capabilities: not valid JSON/);
  assert.match(bad.stderr, /hint: e\.g\. --capabilities '\{"roots":\{\}/);
});
