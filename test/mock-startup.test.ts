/**
 * The mock starts lazily: up to the answer to `initialize` it loads the SDK's server and nothing
 * of the generator (prettier, json-schema-to-typescript, ts-morph, Ajv), nor the config loader
 * when given a snapshot, nor the schema libraries, which wait for the first tools/call. Recorded
 * by a module resolve hook in the child running the compiled bin (`npm run build` first).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { test } from 'node:test';
import { mockArgs } from './helpers/mock.js';
import { repoRoot } from './helpers/paths.js';

const request = (id: number, method: string, params: object) =>
  `${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`;

/** The packages the mock had loaded when it answered each request, in order. */
async function packagesBy(lines: string[]): Promise<string[][]> {
  const dir = await mkdtemp(join(tmpdir(), 'mcp-codegen-mock-modules-'));
  const log = join(dir, 'loaded.txt');
  const hooks = join(dir, 'hooks.mjs');
  await writeFile(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`,
  );
  const register = join(dir, 'register.mjs');
  await writeFile(
    register,
    `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`,
  );
  try {
    const child = spawn(
      process.execPath,
      [
        '--import',
        pathToFileURL(register).href,
        ...mockArgs('--snapshot', 'examples/weather/weather.snapshot.json'),
      ],
      {
        cwd: repoRoot,
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    );
    const seen: string[][] = [];
    let out = '';
    await new Promise<void>((done) => {
      child.stdout.on('data', async (chunk: Buffer) => {
        out += chunk.toString();
        const answered = out.split('\n').filter((l) => l.includes('"id":')).length;
        while (seen.length < answered) {
          const urls = (await readFile(log, 'utf8')).split('\n');
          seen.push([
            ...new Set(
              urls
                .map((u) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(u)?.[1])
                .filter((p): p is string => p !== undefined),
            ),
          ]);
          if (seen.length < lines.length) child.stdin.write(lines[seen.length]!);
          else child.stdin.end();
        }
      });
      child.once('exit', () => done());
      child.stdin.write(lines[0]!);
    });
    return seen;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test('initialize needs only the SDK server; the schema libraries load at the first call', async () => {
  const [hello, call] = await packagesBy([
    request(1, 'initialize', {
      protocolVersion: '2025-11-25',
      capabilities: {},
      clientInfo: { name: 't', version: '0' },
    }),
    request(2, 'tools/call', { name: 'list_cities', arguments: {} }),
  ]);
  assert.ok(hello!.includes('@modelcontextprotocol/server'), hello!.join(', '));
  for (const heavy of [
    'prettier',
    'json-schema-to-typescript',
    'ts-morph',
    'ajv',
    '@modelcontextprotocol/sdk',
    'cosmiconfig',
    'jiti',
    'json-schema-faker',
    '@cfworker/json-schema',
  ])
    assert.ok(!hello!.includes(heavy), `${heavy} loaded before initialize was answered`);
  assert.ok(
    call!.includes('json-schema-faker') && call!.includes('@cfworker/json-schema'),
    call!.join(', '),
  );
  assert.ok(!call!.includes('prettier') && !call!.includes('ajv'), call!.join(', '));
});
