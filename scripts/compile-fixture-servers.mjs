/**
 * `npm run test:unit` first: every fixture server (fixtures/servers/*.ts) bundled to plain JavaScript in
 * test/.tmp/fixture-servers, with the packages they import (the SDKs, zod) in the bundle. The tests
 * start these servers many times (in one run, 70 ended on their own and more were stopped); started
 * through tsx, each start cost about 0.9 s of CPU, as JavaScript importing the packages from
 * node_modules about 0.3 s, and as one file about 0.15 s: Node 20's ESM loader pays per module. The
 * servers and the packages are the same code: only how node loads it changes. The tests use the bundles only
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
  logLevel: 'warning',
  // A CommonJS package in an ESM bundle calls `require` for Node's own modules.
  banner: {
    js: "import { createRequire as __fixtureRequire } from 'node:module';\nconst require = __fixtureRequire(import.meta.url);",
  },
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
