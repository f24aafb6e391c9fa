import type { ResolvedConfig } from '../config/types.js';
import type { Snapshot } from '../snapshot/types.js';
import { lintSnapshot } from './engine.js';
import { mergeLintPolicies, validateLintPolicy } from './policy.js';

/**
 * What `generate` prints before it writes a client: the security rules only (hidden characters,
 * model-addressed text, capability bloat), under the config's lint policy, as warning lines. A
 * poisoned description would otherwise travel silently into the client's JSDoc. Never fails on
 * findings; a malformed lint policy is a config error like any other.
 */
export function securityWarnings(
  snapshot: Snapshot,
  config: ResolvedConfig,
  serverName: string,
): string[] {
  const file = config.file ?? 'the config';
  const index = config.servers.findIndex((s) => s.name === serverName);
  const top = validateLintPolicy(config.lint, { file, at: '/lint' });
  const own =
    index < 0
      ? undefined
      : validateLintPolicy(config.servers[index]!.lint, { file, at: `/servers/${index}/lint` });
  const report = lintSnapshot(snapshot, {
    policy: mergeLintPolicies(top, own),
    families: ['security'],
  });
  return report.findings.map((f) => `lint ${f.id} (${f.level}): ${f.message}`);
}
