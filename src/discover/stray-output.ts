import {
  deserializeMessage,
  ReadBuffer,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
} from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { quote } from '../shared/hidden-text.js';

/**
 * What a stdio server wrote on stdout, line by line. Many published servers print a banner
 * ("Starting … server...") or a log line there; both SDK clients skip such a line and go on,
 * so discovery does too, counting them and keeping the first to quote.
 */
export interface StdoutTally {
  /** Lines that were JSON-RPC messages. */
  messages: number;
  /** Lines that were not (not JSON, or JSON that is no JSON-RPC message), skipped. */
  stray: number;
  /** The first stray line, as the server wrote it (untrusted: `describeStray` quotes it). */
  firstStray?: string;
}

/** A stdout line that is not a JSON-RPC message, passed to the transport's `onerror`, which skips it. */
class StrayLine extends Error {
  constructor(
    readonly line: string,
    cause: unknown,
  ) {
    super('a line on stdout that is not a JSON-RPC message', { cause });
    this.name = 'StrayLine';
  }
}

/**
 * The SDK's line reader, with the text of a line that is not a message kept in the error, so a
 * warning can quote it (the SDK's own error is JSON.parse's, which quotes ten characters). Same
 * framing as the SDK: lines end with \n, a trailing \r is dropped, and the buffer is bounded.
 */
class QuotingReadBuffer {
  private buffer: Buffer | undefined;

  constructor(private readonly tally: StdoutTally) {}

  append(chunk: Buffer): void {
    if ((this.buffer?.length ?? 0) + chunk.length > STDIO_DEFAULT_MAX_BUFFER_SIZE) {
      this.clear();
      throw new Error(
        `the server wrote more than ${STDIO_DEFAULT_MAX_BUFFER_SIZE} bytes on stdout without a line break`,
      );
    }
    this.buffer = this.buffer ? Buffer.concat([this.buffer, chunk]) : chunk;
  }

  readMessage(): JSONRPCMessage | null {
    // Blank lines are skipped silently (the SDK would report them): they are framing, not output.
    for (;;) {
      const end = this.buffer?.indexOf('\n') ?? -1;
      if (!this.buffer || end === -1) return null;
      const line = this.buffer.toString('utf8', 0, end).replace(/\r$/, '');
      this.buffer = this.buffer.subarray(end + 1);
      if (line.trim() === '') continue;
      try {
        const message = deserializeMessage(line);
        this.tally.messages++;
        return message;
      } catch (error) {
        throw new StrayLine(line, error);
      }
    }
  }

  clear(): void {
    this.buffer = undefined;
  }
}

/**
 * Give a stdio transport the quoting reader and return its tally. The SDK keeps its reader in a
 * private field (`_readBuffer`, the same in every 1.x release); if that ever changes, the SDK's
 * own reader stays and stray lines are still skipped and counted, quoted as JSON.parse saw them.
 */
export function tallyStdout(transport: object): StdoutTally {
  const tally: StdoutTally = { messages: 0, stray: 0 };
  const slot = transport as { _readBuffer?: unknown };
  if (slot._readBuffer instanceof ReadBuffer) slot._readBuffer = new QuotingReadBuffer(tally);
  return tally;
}

/**
 * Count a transport error that is a stray line, and say whether it was one (then it is skipped,
 * not fatal). A SyntaxError or ZodError is what the SDK's own reader throws for such a line.
 */
export function countStray(tally: StdoutTally, error: Error): boolean {
  const stray =
    error instanceof StrayLine
      ? error.line
      : error instanceof SyntaxError || error.name === 'ZodError'
        ? `(${error.name === 'ZodError' ? 'JSON that is not a JSON-RPC message' : error.message})`
        : undefined;
  if (stray === undefined) return false;
  tally.stray++;
  tally.firstStray ??= stray;
  return true;
}

/** "2 lines on stdout that are not JSON-RPC messages (skipped), the first: "…"" */
export function describeStray(tally: StdoutTally): string {
  const lines = tally.stray === 1 ? '1 line' : `${tally.stray} lines`;
  const are = tally.stray === 1 ? 'is not a JSON-RPC message' : 'are not JSON-RPC messages';
  const first = tally.stray === 1 ? '' : ', the first';
  return `${lines} on stdout that ${are}${first}: ${quote(tally.firstStray ?? '', 120)}`;
}

/** Why a server writes such lines, and what the user can do. */
export const STRAY_HINT =
  'the server may log to stdout instead of stderr (over stdio, stdout carries only MCP messages, one per line); run its command by hand to see what it prints, and report it to its authors';

/** The one warning of a discovery that went through in spite of stray lines. */
export function strayWarning(server: string, tally: StdoutTally): string | undefined {
  if (tally.stray === 0) return undefined;
  return `server "${server}": skipped ${describeStray(tally)}; ${STRAY_HINT}`;
}
