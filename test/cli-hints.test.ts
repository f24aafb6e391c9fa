import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { repoRoot } from './helpers/paths.js';
import { runCli } from './helpers/servers.js';

// Every `--flag` the CLI can print (in a hint, an error, a help text) must be one the command that
// prints it accepts. The texts are every string literal in src/ (read with the TypeScript parser,
// so comments do not count); which command can print a file's strings follows the folder. A text
// that names a command (`mcp-codegen snapshot --out`) is checked against that command instead.
// Each flag then goes through the real bin, and must not be rejected as an unknown option.
// `top` is the bin without a command (`mcp-codegen --version`). Command help texts (`const help`)
// are left out: they document the flags each command defines next to them.
type Command = 'generate' | 'snapshot' | 'diff' | 'lint' | 'sample' | 'mock' | 'docs' | 'top';
const ALL: Command[] = ['generate', 'snapshot', 'diff', 'lint'];

function commandsFor(file: string): Command[] {
  const path = relative(join(repoRoot, 'src'), file).split('\\').join('/');
  if (path === 'cli/main.ts') return ['top'];
  if (path.startsWith('discover/') || path === 'cli/discovery-flags.ts')
    return ['snapshot', 'generate'];
  if (/^cli\/snapshot(-[a-z-]+)?\.ts$/.test(path)) return ['snapshot'];
  if (/^cli\/diff(-live)?\.ts$/.test(path) || /^(diff|impact)\//.test(path)) return ['diff'];
  if (path === 'cli/lint.ts' || path.startsWith('lint/')) return ['lint'];
  if (path.startsWith('snapshot/')) return ['generate', 'diff', 'lint'];
  if (path === 'cli/sample.ts' || path.startsWith('sample/')) return ['sample'];
  if (path === 'cli/mock.ts' || path.startsWith('mock/')) return ['mock'];
  if (path === 'cli/docs.ts') return ['docs'];
  // The docs' strings are the pages' text (their style sheet's `--bg` too): no command prints them.
  if (path.startsWith('docs/')) return [];
  if (path.startsWith('shapes/')) return ['sample', 'generate'];
  if (/^(cli\/(generate|watch)\.ts|generate\/|config\/|emit\/|model\/|schema\/)/.test(path))
    return ['generate'];
  return ALL;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) =>
      e.isDirectory()
        ? sourceFiles(join(dir, e.name))
        : Promise.resolve(e.name.endsWith('.ts') ? [join(dir, e.name)] : []),
    ),
  );
  return nested.flat().sort();
}

function literals(file: string, text: string): string[] {
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'help')
      return;
    // V8's own flags (src/shared/one-shot-jit.ts), not ours.
    if (ts.isCallExpression(node) && node.expression.getText().endsWith('setFlagsFromString'))
      return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      out.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return out;
}

/**
 * Flags in a text, each with the commands it must work on. Quoted parts are another program's
 * command line, and so is what follows a runner a server.json names (`npx`, `uvx`, `docker`). A
 * named command (`mcp-codegen snapshot ...`) or runner holds until the next backtick or line end.
 */
export function flagsIn(
  text: string,
  commands: Command[],
): Array<{ flag: string; commands: Command[] }> {
  const unquoted = text.replace(/"[^"\n]*"|'[^'\n]*'/g, (quoted) =>
    /^["']--[a-z]/.test(quoted) ? quoted.slice(1, -1) : ' ',
  );
  const found: Array<{ flag: string; commands: Command[] }> = [];
  let current = commands;
  for (const match of unquoted.matchAll(
    /mcp-codegen (generate|snapshot|diff|sample|mock|docs)\b|[`\n]|(?<![\w-])(--[a-z][a-z0-9-]*)|(?<![\w-])(npx|uvx|docker)\b/g,
  )) {
    if (match[1]) current = [match[1] as Command];
    else if (match[2]) found.push({ flag: match[2], commands: current });
    else if (match[3]) current = [];
    else current = commands;
  }
  return found;
}

async function collect(): Promise<Map<string, { command: Command; flag: string; where: string }>> {
  const pairs = new Map<string, { command: Command; flag: string; where: string }>();
  for (const file of await sourceFiles(join(repoRoot, 'src'))) {
    const text = await readFile(file, 'utf8');
    for (const literal of literals(file, text)) {
      for (const { flag, commands } of flagsIn(literal, commandsFor(file))) {
        for (const command of commands) {
          const key = `${command} ${flag}`;
          if (!pairs.has(key))
            pairs.set(key, {
              command,
              flag,
              where: `${relative(repoRoot, file)}: ${JSON.stringify(literal.slice(0, 120))}`,
            });
        }
      }
    }
  }
  return pairs;
}

async function rejectedAsUnknown(command: Command, flag: string, cwd: string): Promise<boolean> {
  if (command === 'top')
    return (await runCli([flag], { cwd })).stderr.includes(
      `unknown command ${JSON.stringify(flag)}`,
    );
  return (await runCli([command, flag], { cwd })).stderr.includes(`Unknown option '${flag}'`);
}

test('the flag extraction: hints, named commands, and quoted command lines of other programs', () => {
  assert.deepEqual(
    flagsIn(
      'the server may be stuck; if it is only slow, raise --timeout (discovery.timeoutMs in the config)',
      ['snapshot', 'generate'],
    ),
    [{ flag: '--timeout', commands: ['snapshot', 'generate'] }],
  );
  assert.deepEqual(
    flagsIn(
      'or discover first with `mcp-codegen snapshot --stdio "node --import tsx s.ts" --out <file>`',
      ['generate'],
    ),
    [
      { flag: '--stdio', commands: ['snapshot'] },
      { flag: '--out', commands: ['snapshot'] },
    ],
  );
  // A runner's own flags (a server.json's command line) are not ours; ours after a backtick are.
  assert.deepEqual(
    flagsIn('uvx needs `uvx --from pkg <script>`; or raise --timeout', ['snapshot']),
    [
      { flag: '--from', commands: [] },
      { flag: '--timeout', commands: ['snapshot'] },
    ],
  );
  assert.deepEqual(flagsIn('docker run -i --rm', ['generate']), [{ flag: '--rm', commands: [] }]);
});

test('every --flag the CLI can print is accepted by the real bin for the command that prints it', async (t) => {
  // Outside the repo, and a project of its own: the bin must not find the repo's config upwards
  // (a bare `generate` there would discover and rewrite the bundled example).
  const cwd = await mkdtemp(join(tmpdir(), 'mcp-codegen-hints-'));
  await writeFile(join(cwd, 'package.json'), '{}\n');
  t.after(() => rm(cwd, { recursive: true, force: true }));
  const pairs = [...(await collect()).values()];
  t.diagnostic(
    `${pairs.length} (command, flag) pairs: ${pairs.map((p) => `${p.command} ${p.flag}`).join(', ')}`,
  );
  // The ones this task is about are among them.
  for (const key of [
    'generate --timeout',
    'snapshot --timeout',
    'generate --max-pages',
    'generate --era',
    'snapshot --era',
  ]) {
    assert.ok(
      pairs.some((p) => `${p.command} ${p.flag}` === key),
      `${key} is named by some text in src/`,
    );
  }
  // The check itself can fail: a flag no command has is reported.
  assert.equal(await rejectedAsUnknown('generate', '--no-such-flag', cwd), true);
  assert.equal(await rejectedAsUnknown('top', '--no-such-flag', cwd), true);
  const rejected: string[] = [];
  const queue = [...pairs];
  const worker = async () => {
    for (let pair = queue.shift(); pair; pair = queue.shift()) {
      if (await rejectedAsUnknown(pair.command, pair.flag, cwd))
        rejected.push(`${pair.command} ${pair.flag}  (${pair.where})`);
    }
  };
  await Promise.all([worker(), worker()]);
  assert.deepEqual(
    rejected.sort(),
    [],
    `flags the CLI prints but rejects:\n${rejected.join('\n')}`,
  );
});
