import type { ProtocolEra, Snapshot } from './types.js';

const FIRST_MODERN_VERSION = '2026-07-28';

/**
 * The era a snapshot was discovered in: its `era` field when discovery recorded one, else read off
 * the protocol version (revisions are dates, so they compare as strings), else unknown. Here, in
 * the snapshot stage, so that the generator and `diff` read a snapshot's era the same way.
 */
export function snapshotEra(snapshot: Snapshot): ProtocolEra | undefined {
  const recorded = (snapshot as { era?: unknown }).era;
  if (recorded === 'legacy' || recorded === 'modern') return recorded;
  const version = snapshot.protocolVersion;
  if (typeof version !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(version)) return undefined;
  return version >= FIRST_MODERN_VERSION ? 'modern' : 'legacy';
}
