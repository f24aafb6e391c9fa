/**
 * Every failure a user can cause or meet is one of these, so the CLI can map it to an exit code
 * and print it without a stack trace. The message says what was wrong and where; `hint` says how to fix it.
 */
export const ExitCode = {
  ok: 0,
  /** Stale output (`--check`) or findings at or above `--fail-on` (`diff`). */
  findings: 1,
  /** Bad usage, config, or input file. */
  usage: 2,
  /** A server that cannot be reached or misbehaves. */
  server: 3,
  /** Authentication needed (no usable login, no terminal to log in from) or refused (HTTP 401/403). */
  auth: 4,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

export class CodegenError extends Error {
  readonly exitCode: ExitCode;
  readonly hint?: string;
  constructor(
    message: string,
    options: { exitCode?: ExitCode; hint?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CodegenError';
    this.exitCode = options.exitCode ?? ExitCode.usage;
    this.hint = options.hint;
  }
}

/** An input file (snapshot, config) that is not what we expected, located by a JSON pointer. */
export class InputError extends CodegenError {
  constructor(
    readonly file: string,
    readonly pointer: string,
    problem: string,
    hint?: string,
  ) {
    super(`${file}${pointer ? ` at ${pointer}` : ''}: ${problem}`, {
      exitCode: ExitCode.usage,
      hint,
    });
    this.name = 'InputError';
  }
}

/** A server that could not be reached, timed out, or answered something malformed. */
export class ServerError extends CodegenError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { ...options, exitCode: ExitCode.server });
    this.name = 'ServerError';
  }
}

/**
 * Authentication needed or refused: no usable stored login and no terminal to log in from, a 401 or
 * 403 from the server, a token command that failed, an authorization server that said no.
 */
export class AuthError extends CodegenError {
  constructor(message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, { ...options, exitCode: ExitCode.auth });
    this.name = 'AuthError';
  }
}
