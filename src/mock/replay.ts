import { isDeepStrictEqual } from 'node:util';
import type { Recording } from '../sample/recordings.js';

/**
 * Answers from a `mcp-codegen/record` folder. A recording holds the shape of the arguments (keys
 * and value types, never the values), so a call gets the recordings of its tool whose shape is
 * its arguments' shape, one after the other in the folder's order (and round again); when none
 * has its shape, the tool's recordings in that order.
 */
export class Replay {
  private readonly byTool = new Map<string, Recording[]>();
  private readonly next = new Map<string, number>();

  constructor(recordings: readonly Recording[]) {
    for (const r of recordings) this.byTool.set(r.tool, [...(this.byTool.get(r.tool) ?? []), r]);
  }

  get size(): number {
    return [...this.byTool.values()].reduce((n, list) => n + list.length, 0);
  }

  /** The recorded raw result for this call, or undefined when the tool was never recorded. */
  answer(tool: string, args: unknown): unknown {
    const all = this.byTool.get(tool);
    if (!all) return undefined;
    const shape = argumentShape(args ?? {}, 0);
    const same = all.filter((r) => isDeepStrictEqual(r.arguments, shape));
    const pool = same.length ? same : all;
    const key = `${same.length ? JSON.stringify(shape) : ''}\0${tool}`;
    const index = this.next.get(key) ?? 0;
    this.next.set(key, index + 1);
    return pool[index % pool.length]!.result;
  }
}

/**
 * The shape `onResult` records (templates/runtime.ts `shapeOfValue`, restated: src/ never imports
 * a template): `typeof` for a leaf, `'null'`, arrays item by item, objects key by key, `'unknown'`
 * past 16 levels.
 */
function argumentShape(value: unknown, depth: number): unknown {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  if (depth >= 16) return 'unknown';
  if (Array.isArray(value)) return value.map((item) => argumentShape(item, depth + 1));
  const out: { [key: string]: unknown } = {};
  for (const key of Object.keys(value)) {
    // defineProperty, not assignment: an argument named `__proto__` stays a key.
    Object.defineProperty(out, key, {
      value: argumentShape((value as { [key: string]: unknown })[key], depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
