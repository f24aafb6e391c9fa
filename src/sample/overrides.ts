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
  const { Ajv2020 } = await import('ajv/dist/2020.js');
  // As the generated validators run: unknown keywords tolerated, own properties only.
  const ajv = new Ajv2020({ strict: false, ownProperties: true, validateSchema: false });
  for (const { tool, raw } of overridden) {
    const read = readResult(raw);
    if (!('payload' in read) || read.payload === undefined) continue;
    const validate = ajv.compile(overrides[tool]!.schema);
    if (validate(read.payload)) continue;
    const first = validate.errors?.[0];
    const line = `disagrees with its override in outputs (kept as written): ${first?.instancePath || '(root)'} ${first?.message ?? 'does not match'}`;
    const lines = out.get(tool) ?? [];
    if (!lines.includes(line)) out.set(tool, [...lines, line]);
  }
  return out;
}
