import { split } from 'shlex';
import { CodegenError } from '../shared/errors.js';

export interface CommandLine {
  command: string;
  args: string[];
}

/**
 * A stdio source's command: an argv array as given, or a string split the way a POSIX shell
 * splits words (quotes, backslash escapes) by `shlex`. There is no shell: no variables, globs,
 * pipes or redirections, so what the user wrote is exactly what runs, on every platform.
 * `where` says where the command came from (`--stdio`, a config path) for the error message.
 */
export function parseCommandLine(stdio: string | readonly string[], where: string): CommandLine {
  let argv: string[];
  if (typeof stdio === 'string') {
    try {
      argv = split(stdio);
    } catch (error) {
      throw new CodegenError(
        `${where}: cannot split the command line ${JSON.stringify(stdio)}: ${(error as Error).message}`,
        {
          hint: "close every quote; quote arguments that contain spaces, e.g. node 'my server.js'",
        },
      );
    }
  } else {
    argv = [...stdio];
  }
  const [command, ...args] = argv;
  if (command === undefined || command === '') {
    throw new CodegenError(`${where}: the command line is empty`, {
      hint: 'give the command that starts the server, e.g. "npx -y @modelcontextprotocol/server-everything"',
    });
  }
  return { command, args };
}
