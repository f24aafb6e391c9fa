/** What a command may touch of the outside world, so tests can run commands in-process. */
export interface Io {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * This process is the bin's own and ends with the command (bin/mcp-codegen.js says so). Only then may
   * a command tune the process itself (src/shared/one-shot-jit.ts): `main()` called in a longer-lived
   * process (a test, a build tool) leaves V8 as it found it.
   */
  oneShotProcess?: boolean;
  /**
   * A person at a terminal (stdin and stderr are TTYs, and not CI): a live discovery that needs an
   * OAuth login may do it in the browser. Unset (tests, pipes, CI): it exits 4 instead.
   */
  interactive?: boolean;
}

export interface Command {
  name: string;
  help: string;
  run(args: string[], io: Io): Promise<number>;
}

export function processIo(): Io {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    env: process.env,
    interactive: Boolean(process.stdin.isTTY && process.stderr.isTTY) && !process.env.CI,
  };
}
