import { CodegenError } from '../shared/errors.js';
import type { Io } from './io.js';

/** An error as the user sees it: the message and its hint; anything else is our bug. */
export function reportError(error: unknown, io: Io): number {
  if (error instanceof CodegenError) {
    io.stderr.write(`error: ${error.message}\n`);
    if (error.hint) io.stderr.write(`  hint: ${error.hint}\n`);
    if (io.env.MCP_CODEGEN_DEBUG && error.cause)
      io.stderr.write(`${String((error.cause as Error).stack ?? error.cause)}\n`);
    return error.exitCode;
  }
  io.stderr.write(
    `internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  return 70;
}
