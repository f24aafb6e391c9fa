import { pointerToken } from '../shared/pointer.js';
import { snapshotEra } from '../snapshot/era.js';
import type { JsonValue, Snapshot } from '../snapshot/types.js';
import { compareStrings } from '../shared/compare.js';
import { SERVER_ENTITY } from './entities.js';
import type { FindingList } from './findings.js';
import { isObject, jsonEqual, present } from './json.js';
import { compareClientCapabilities } from './ui-resources.js';

/** Server-level facts: capabilities (walked to their leaves), the asking client's, instructions, protocol version and era. */
export function compareServer(base: Snapshot, head: Snapshot, out: FindingList): void {
  if (base.capabilities !== undefined && head.capabilities !== undefined) {
    compareCapabilities(base.capabilities, head.capabilities, '/capabilities', out);
  }
  compareClientCapabilities(base, head, out);
  if (base.instructions !== head.instructions) {
    out.add(
      'server-instructions-changed',
      SERVER_ENTITY,
      '/instructions',
      present(base.instructions),
      present(head.instructions),
    );
  }
  if (
    base.protocolVersion !== undefined &&
    head.protocolVersion !== undefined &&
    base.protocolVersion !== head.protocolVersion
  ) {
    out.add(
      'server-protocol-version-changed',
      SERVER_ENTITY,
      '/protocolVersion',
      base.protocolVersion,
      head.protocolVersion,
    );
  }
  // The era decides the shape of non-object outputs on the wire (`{ result }` in legacy, bare in
  // modern) and how the client connects: a client generated in one era meets the other.
  const [baseEra, headEra] = [snapshotEra(base), snapshotEra(head)];
  if (baseEra !== undefined && headEra !== undefined && baseEra !== headEra) {
    out.add('server-protocol-era-changed', SERVER_ENTITY, '/era', baseEra, headEra);
  }
}

/** A capability is declared by being present (`logging: {}`) and not false. */
const declared = (value: JsonValue | undefined) =>
  value !== undefined && value !== null && value !== false;

function compareCapabilities(
  base: JsonValue | undefined,
  head: JsonValue | undefined,
  at: string,
  out: FindingList,
): void {
  const b = isObject(base) ? base : {};
  const h = isObject(head) ? head : {};
  const keys = new Set([...Object.keys(b), ...Object.keys(h)]);
  for (const key of [...keys].sort(compareStrings)) {
    const vb = b[key];
    const vh = h[key];
    const ptr = `${at}/${pointerToken(key)}`;
    if (jsonEqual(vb, vh)) continue;
    if (declared(vb) && !declared(vh))
      out.add('capability-removed', SERVER_ENTITY, ptr, vb!, present(vh));
    else if (!declared(vb) && declared(vh))
      out.add('capability-added', SERVER_ENTITY, ptr, present(vb), vh!);
    else if (isObject(vb) && isObject(vh)) compareCapabilities(vb, vh, ptr, out);
    else out.add('capability-changed', SERVER_ENTITY, ptr, present(vb), present(vh));
  }
}
