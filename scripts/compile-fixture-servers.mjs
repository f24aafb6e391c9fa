/**
 * `npm run test:unit` first: every fixture server (fixtures/servers/*.ts) bundled to plain JavaScript in
 * test/.tmp/fixture-servers, its packages left to node_modules. The tests start these servers a few
 * hundred times; started through tsx, each start cost about 0.9 s of CPU, and as JavaScript about 0.45
 * s. The servers are the same code: only how node loads it changes. The tests use the bundles only
 * when `MCP_CODEGEN_FIXTURE_SERVERS` names this folder (the test script sets it right after this runs),
 * so a test run on its own, without this step, starts the sources through tsx and is never stale.
 */
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const sources = join(root, 'fixtures/servers');
const out = join(root, 'test/.tmp/fixture-servers');
rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: readdirSync(sources)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(sources, f)),
  outdir: out,
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  // A server that imports another (sse.ts imports example.ts) imports that one's bundle: inlined, the
  // other's "am I the main module" check would compare the importer's own URL and start it too.
  plugins: [
    {
      name: 'sibling-servers',
      setup(on) {
        on.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (args) =>
          args.importer.startsWith(sources)
            ? { path: args.path.replace(/\.js$/, '.mjs'), external: true }
            : undefined,
        );
      },
    },
  ],
});
