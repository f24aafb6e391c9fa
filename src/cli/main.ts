import { ExitCode } from '../shared/errors.js';
import { type Command, type Io, processIo } from './io.js';
import { reportError } from './report-error.js';

/**
 * Commands load on demand: `generate` pulls in prettier, Ajv and json-schema-to-typescript, `snapshot` the MCP SDK,
 * and a `diff` in CI should not pay seconds of startup for either. The summaries live here, so
 * `--help` loads no command at all.
 */
const SUMMARIES = {
  generate: 'generate typed clients, from the config or from one snapshot file',
  snapshot: 'discover a live server and write its canonical snapshot',
  diff: 'compare two snapshots and classify every change',
  lint: 'check a catalog for vague, loose or unsafe tools',
  sample: 'call read-only tools listed in the config and record the shapes of their results',
  mock: 'serve a snapshot as an MCP server for tests: typed handlers, recordings, generated data, faults',
  docs: 'write a reference for a catalog: one HTML page, Markdown, or llms.txt',
  login: "log in to a server's OAuth in the browser; the token is stored and refreshed",
  logout: "forget a server's stored tokens and client registration",
} as const;
type CommandName = keyof typeof SUMMARIES;

// One loader a command, each a dynamic import of its own file.
const LOADERS: Record<CommandName, () => Promise<Command>> = {
  generate: async () => (await import('./generate.js')).generateCommand,
  snapshot: async () => (await import('./snapshot.js')).snapshotCommand,
  diff: async () => (await import('./diff.js')).diffCommand,
  lint: async () => (await import('./lint.js')).lintCommand,
  sample: async () => (await import('./sample.js')).sampleCommand,
  mock: async () => (await import('./mock.js')).mockCommand,
  docs: async () => (await import('./docs.js')).docsCommand,
  login: async () => (await import('./login.js')).loginCommand,
  logout: async () => (await import('./logout.js')).logoutCommand,
};

function loadCommand(name: CommandName): Promise<Command> {
  return LOADERS[name]();
}

async function usage(): Promise<string> {
  return `mcp-codegen — typed TypeScript clients for MCP servers

Usage: mcp-codegen <command> [options]

Commands:
${Object.entries(SUMMARIES)
  .map(([name, summary]) => `  ${name.padEnd(10)} ${summary}`)
  .join('\n')}

Run \`mcp-codegen <command> --help\` for a command's options.

Exit codes: 0 ok, 1 stale output or findings, 2 usage/config/input error, 3 server error,
4 authentication needed or refused.
`;
}

/** The CLI: maps argv to a command; returns the exit code, never calls process.exit. */
export async function main(argv: string[], io: Io = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(await usage());
    return name === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${await version()}\n`);
    return ExitCode.ok;
  }
  if (!Object.hasOwn(SUMMARIES, name)) {
    io.stderr.write(`mcp-codegen: unknown command ${JSON.stringify(name)}\n\n${await usage()}`);
    return ExitCode.usage;
  }
  const command = await loadCommand(name as CommandName);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout.write(command.help);
    return ExitCode.ok;
  }
  // A command may learn secrets (tokens, client secrets): nothing it prints carries them. Loaded
  // here, not for --help.
  const { redactingIo } = await import('./redact.js');
  const redacted = redactingIo(io);
  try {
    return await command.run(rest, redacted);
  } catch (error) {
    return reportError(error, redacted);
  }
}

async function version(): Promise<string> {
  const { readFile } = await import('node:fs/promises');
  const pkg = JSON.parse(
    await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return pkg.version;
}
