import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { BearerCommand } from '../../config/types.js';
import { AuthError } from '../../shared/errors.js';
import { rememberSecret } from '../../shared/secrets.js';
import { parseCommandLine } from '../command-line.js';
import type { AuthContext, TokenSource } from './context.js';
import type { Challenge } from './failures.js';

const COMMAND_TIMEOUT_MS = 30_000;
const MAX_OUTPUT = 64 * 1024;

/**
 * `auth: { bearer: { command } }`: the command runs before the first request and once more after
 * a 401, without a shell (split as a stdio command is, not interpolated). Its output lives in this
 * process's memory only: never cached, written or printed.
 */
export function commandTokens(bearer: BearerCommand, context: AuthContext): TokenSource {
  const shown =
    typeof bearer.command === 'string' ? bearer.command.trim() : bearer.command.join(' ');
  let token: string | undefined;
  let reran = false;
  return {
    scopeRemedy: `the token from \`${shown}\` lacks it: have the command print a token with that scope`,
    async prepare() {
      token ??= await runTokenCommand(bearer.command, shown, context);
    },
    async current() {
      return token;
    },
    async renew(sent: string | undefined, _challenge: Challenge) {
      if (reran)
        throw new AuthError(
          `server "${context.server}": HTTP 401: the server refused the token printed by \`${shown}\`, twice`,
          { hint: 'check that the command prints a token this server accepts (run it by hand)' },
        );
      reran = true;
      token = await runTokenCommand(bearer.command, shown, context);
      if (token === sent)
        throw new AuthError(
          `server "${context.server}": HTTP 401: the server refused the token printed by \`${shown}\``,
          {
            hint: 'the command printed the same token again: renew it where it comes from (e.g. log in again with that tool)',
          },
        );
      return token;
    },
  };
}

async function runTokenCommand(
  line: string | string[],
  shown: string,
  context: AuthContext,
): Promise<string> {
  const { command, args } = parseCommandLine(line, 'the bearer token command');
  const what = `the token command \`${shown}\``;
  const child = spawn(command, args, {
    cwd: resolve(context.cwd),
    env: context.env as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: false,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    if (stdout.length < MAX_OUTPUT) stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-2000);
  });
  const timer = setTimeout(() => child.kill('SIGTERM'), COMMAND_TIMEOUT_MS);
  const outcome = await new Promise<{
    code: number | null;
    signal: string | null;
    error?: NodeJS.ErrnoException;
  }>((done) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      done({ code: null, signal: null, error }),
    );
    child.once('close', (code, signal) => done({ code, signal }));
  }).finally(() => clearTimeout(timer));
  const said = lastLines(stderr);
  if (outcome.error)
    throw new AuthError(
      `server "${context.server}": cannot run ${what}: ${outcome.error.code === 'ENOENT' ? 'no such command' : outcome.error.message} (${outcome.error.code ?? 'error'})`,
      { hint: 'it runs without a shell: give a program on PATH or its path, and its arguments' },
    );
  if (outcome.code !== 0)
    throw new AuthError(
      `server "${context.server}": ${what} failed (${outcome.signal ? `killed by ${outcome.signal}${outcome.signal === 'SIGTERM' ? ` after ${COMMAND_TIMEOUT_MS / 1000} s` : ''}` : `exit code ${outcome.code}`})${said ? `; it said: ${said}` : ''}`,
      { hint: 'run it by hand: it must print a token on stdout and exit 0' },
    );
  const token = stdout.trim();
  rememberSecret(token);
  if (token === '')
    throw new AuthError(`server "${context.server}": ${what} printed nothing`, {
      hint: 'it must print the token on stdout (a tool that needs a login first may print nothing: log in with it)',
    });
  if (/\s/.test(token))
    throw new AuthError(
      `server "${context.server}": ${what} printed more than a token (${token.split(/\s+/).length} words)`,
      { hint: 'it must print only the token on stdout; messages belong on stderr' },
    );
  return token;
}

/** The end of what a failed command said, on one line and bounded. */
function lastLines(text: string): string {
  const lines = text.trim().split('\n').slice(-3).join(' | ');
  return lines.length > 300 ? `…${lines.slice(-300)}` : lines;
}
