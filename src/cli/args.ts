import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CodegenError } from '../shared/errors.js';
import type { Command, Io } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } };
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{
    args: string[];
    options: WithHelp<O>;
    allowPositionals: boolean;
    strict: true;
  }>
>;

/** node:util parseArgs, with its errors turned into a usage error that points at --help. */
function parseCommandArgs<O extends Options>(
  command: string,
  args: string[],
  options: O,
  allowPositionals = false,
): Parsed<O> {
  try {
    return parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals,
      strict: true,
    });
  } catch (error) {
    const message =
      error instanceof Error
        ? error.message.replace(/\. To specify a positional argument.*$/s, '')
        : String(error);
    throw new CodegenError(`${command}: ${message}`, {
      hint: `run \`mcp-codegen ${command} --help\``,
    });
  }
}

/** Flags that each take one value (`--snapshot <file>`), as parseArgs options. */
export function valueFlags<const N extends string>(...names: N[]): Record<N, { type: 'string' }> {
  return Object.fromEntries(names.map((n) => [n, { type: 'string' }])) as Record<
    N,
    { type: 'string' }
  >;
}

/** Flags that take no value (`--check`), as parseArgs options. */
export function switches<const N extends string>(...names: N[]): Record<N, { type: 'boolean' }> {
  return Object.fromEntries(names.map((n) => [n, { type: 'boolean' }])) as Record<
    N,
    { type: 'boolean' }
  >;
}

/** A command whose flags are parsed before `body` runs (main.ts answers `--help` before either). */
export function defineCommand<O extends Options>(
  name: string,
  help: string,
  options: O,
  body: (parsed: Parsed<O>, io: Io) => Promise<number>,
  allowPositionals = false,
): Command {
  return {
    name,
    help,
    run: (args, io) => body(parseCommandArgs(name, args, options, allowPositionals), io),
  };
}
