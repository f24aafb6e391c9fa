// npm run build: compile src/ to dist/ with tsc (ESM + .d.ts, one file per source so commands keep
// loading lazily), then stamp the build. The stamp is a hash of everything that shapes generated
// output: the compiled files, the templates, and the exact versions of our dependencies. The
// output cache keys on it, so a rebuilt generator never reuses output of an older one.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : [join(dir, e.name)],
  );

// `npm ci` builds (prepare), and `npm test` builds again before its checks: the second one would redo
// the same ~8 s of tsc. So a build whose inputs are byte for byte those of the last one stops here.
// The inputs: src/, the templates we write (not the validator copies, which this script makes), this
// script, the tsconfigs, package.json, and the lockfile (it pins tsc and the copied validator).
const inputs = [
  ...files(join(root, 'src')),
  ...files(join(root, 'templates')).filter((f) => !/[\\/]json-schema-[^\\/]*\.ts$/.test(f)),
  ...[
    'scripts/build.mjs',
    'tsconfig.json',
    'tsconfig.build.json',
    'package.json',
    'package-lock.json',
  ]
    .map((f) => join(root, f))
    .filter((f) => existsSync(f)),
].sort();
const inputHash = createHash('sha256');
for (const file of inputs)
  inputHash
    .update(relative(root, file).split('\\').join('/'))
    .update('\0')
    .update(readFileSync(file))
    .update('\0');
const inputId = inputHash.digest('hex');
const stamp = join(dist, 'build-inputs.json');
const copiesThere = () =>
  existsSync(join(root, 'templates/json-schema-validate.ts')) &&
  existsSync(join(dist, 'build-id.json'));
if (
  process.env.MCP_CODEGEN_REBUILD !== '1' &&
  existsSync(stamp) &&
  copiesThere() &&
  JSON.parse(readFileSync(stamp, 'utf8')).inputs === inputId
) {
  console.log(
    'build: dist/ is up to date (no input changed since the last build; MCP_CODEGEN_REBUILD=1 rebuilds)',
  );
  process.exit(0);
}
rmSync(dist, { recursive: true, force: true }); // no stale files from removed sources in the package
execFileSync(
  process.execPath,
  [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')],
  { stdio: 'inherit' },
);

// src/ must not import a template: templates ship as TypeScript for users, and tsc would emit them in place.
const strays = readdirSync(join(root, 'templates')).filter(
  (f) => !f.endsWith('.ts') || f.endsWith('.d.ts'),
);
if (strays.length) {
  console.error(
    `build: tsc emitted into templates/ (${strays.join(', ')}): a file in src/ imports a template; restate what it needs instead`,
  );
  process.exit(1);
}

// The validator's sources, copied as a generated client's runtime gets them, next to the templates
// that import them (git ignores them), so that the repository type-checks and tests templates/ whole.
const { jsonSchemaCopies } = await import(
  pathToFileURL(join(dist, 'emit/runtime/json-schema-copy.js')).href
);
for (const { path, content } of jsonSchemaCopies().files)
  writeFileSync(join(root, 'templates', path), content);

const hash = createHash('sha256');
for (const file of [...files(dist), ...files(join(root, 'templates'))].sort()) {
  hash
    .update(relative(root, file).split('\\').join('/'))
    .update('\0')
    .update(readFileSync(file))
    .update('\0');
}
hash.update(
  JSON.stringify(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies),
);
writeFileSync(join(dist, 'build-id.json'), `${JSON.stringify({ id: hash.digest('hex') })}\n`);
writeFileSync(stamp, `${JSON.stringify({ inputs: inputId })}\n`);
