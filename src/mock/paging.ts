import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { MockState } from './state.js';

/**
 * One page of a list: all of it, or `--page-size` items with an opaque `nextCursor` (the offset,
 * base64url) on every page but the last, so a client's cursor loop can be tested. A cursor the
 * mock did not hand out is an invalid-params error, as the protocol asks.
 */
export function pageOf(
  state: MockState,
  key: string,
  items: readonly unknown[],
  request: { params?: Record<string, unknown> },
): Record<string, unknown> {
  const size = state.pageSize;
  const cursor = request.params?.cursor;
  if (size === undefined && cursor === undefined) return { [key]: items };
  const from = cursor === undefined ? 0 : offsetOf(cursor, items.length);
  const to = size === undefined ? items.length : from + size;
  return {
    [key]: items.slice(from, to),
    ...(to < items.length && { nextCursor: Buffer.from(String(to)).toString('base64url') }),
  };
}

function offsetOf(cursor: unknown, total: number): number {
  const text = typeof cursor === 'string' ? Buffer.from(cursor, 'base64url').toString() : '';
  const offset = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!(offset > 0 && offset < total))
    throw new ProtocolError(
      ProtocolErrorCode.InvalidParams,
      `invalid cursor ${JSON.stringify(cursor)}`,
    );
  return offset;
}
