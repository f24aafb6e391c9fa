import type { JsonObject, Snapshot, SnapshotVersion } from './types.js';
import { SNAPSHOT_VERSION } from './types.js';

/** The lowest format version that holds what the snapshot records (see `SnapshotVersion`). */
export function writtenVersion(snapshot: Snapshot): SnapshotVersion {
  const v2 =
    snapshot.provenance !== undefined ||
    hasKeys(snapshot.clientCapabilities) ||
    Boolean(snapshot.clientCapabilitiesNotSent?.length) ||
    Boolean(snapshot.uiResources?.length) ||
    Boolean(snapshot.unsupportedLists?.length);
  return v2 ? SNAPSHOT_VERSION : 1;
}

export function hasKeys(value: JsonObject | undefined): value is JsonObject {
  return value !== undefined && Object.keys(value).length > 0;
}
