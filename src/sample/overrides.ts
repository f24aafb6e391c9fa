import type { ServerConfig } from '../config/types.js';
import { readResult } from '../shapes/sample.js';

/** One tool's result, as a live call or a recording gives it. */
export interface SampledResult {
  tool: string;
  raw: unknown;
}

/**
 * Per tool with a hand-written `outputs` override: where sampled payloads disagree with it. The
 * override is the user's and is never changed; `sample` only says what it saw.
 */
export async function overrideDisagreements(
  server: ServerConfig,
  results: readonly SampledResult[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const overrides = server.outputs ?? {};
  const overridden = results.filter((r) => Object.hasOwn(overrides, r.tool));
  if (overridden.length === 0) return out;
  // The validator the generated clients run (templates/runtime-validate.ts), from its package.
  const { Validator } = await import('@cfworker/json-schema');
  for (const { tool, raw } of overridden) {
    const read = readResult(raw);
    if (!('payload' in read) || read.payload === undefined) continue;
    let first: { instanceLocation: string; error: string } | undefined;
    try {
      const result = new Validator(overrides[tool]!.schema as object, '2020-12', false).validate(
        read.payload,
      );
      if (result.valid) continue;
      first = result.errors.at(-1);
    } catch (error) {
      first = {
        instanceLocation: '#',
        error: error instanceof Error ? error.message : String(error),
      };
    }
    const pointer = decodeURIComponent(first?.instanceLocation.replace(/^#/, '') ?? '');
    const line = `disagrees with its override in outputs (kept as written): ${pointer || '(root)'} ${first?.error ?? 'does not match'}`;
    const lines = out.get(tool) ?? [];
    if (!lines.includes(line)) out.set(tool, [...lines, line]);
  }
  return out;
}
