import { createHash } from 'node:crypto';
import type { JsonValue } from '../snapshot/types.js';
import { canonicalJson } from './json.js';

/**
 * A finding's identity for CI tooling (dedup across runs, baselines). It covers what changed and
 * where, never the message text or level: rewording a message or overriding a level in the policy
 * keeps every fingerprint.
 */
export function fingerprint(
  id: string,
  entity: string,
  pointer: string,
  before: JsonValue,
  after: JsonValue,
): string {
  return createHash('sha256')
    .update(canonicalJson([id, entity, pointer, before, after]))
    .digest('hex')
    .slice(0, 16);
}
