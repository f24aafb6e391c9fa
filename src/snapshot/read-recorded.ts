import { InputError } from '../shared/errors.js';
import { pointer } from '../shared/pointer.js';
import { expectObject, expectString, kind, uniqueBy } from './read-entities.js';
import type { JsonObject, Provenance, Snapshot, UiResource, UnsupportedList } from './types.js';

/**
 * The keys format version 2 added: what discovery recorded about the asking client and the
 * server's answers beside its lists. Read leniently (absent or `null` is absent), checked where
 * later stages rely on a shape.
 */
export function readRecorded(root: JsonObject, file: string, snapshot: Snapshot): void {
  if (present(root.clientCapabilities))
    snapshot.clientCapabilities = expectObject(
      root.clientCapabilities,
      file,
      '/clientCapabilities',
      'an object (the ClientCapabilities discovery declared)',
    );
  if (present(root.clientCapabilitiesNotSent))
    snapshot.clientCapabilitiesNotSent = expectArray(
      root.clientCapabilitiesNotSent,
      file,
      '/clientCapabilitiesNotSent',
    ).map((key, i) => expectString(key, file, pointer('clientCapabilitiesNotSent', i)));
  if (present(root.uiResources))
    snapshot.uiResources = uniqueBy(
      expectArray(root.uiResources, file, '/uiResources').map((entry, i) =>
        readUiResource(entry, file, pointer('uiResources', i)),
      ),
      (r) => r.uri,
      file,
      '/uiResources',
      'UI resource uri',
    );
  if (present(root.unsupportedLists))
    snapshot.unsupportedLists = uniqueBy(
      expectArray(root.unsupportedLists, file, '/unsupportedLists').map((entry, i) =>
        readUnsupportedList(entry, file, pointer('unsupportedLists', i)),
      ),
      (l) => l.method,
      file,
      '/unsupportedLists',
      'method',
    );
  if (present(root.provenance)) snapshot.provenance = readProvenance(root.provenance, file);
}

function readUiResource(value: unknown, file: string, at: string): UiResource {
  const obj = expectObject(value, file, at, 'a UI resource object with "uri"');
  const entry: UiResource = { ...obj, uri: expectString(obj.uri, file, `${at}/uri`) };
  for (const key of ['mimeType', 'sha256', 'text', 'blob'] as const)
    if (present(obj[key])) expectString(obj[key], file, `${at}/${key}`);
  if (present(obj.bytes) && typeof obj.bytes !== 'number')
    throw new InputError(file, `${at}/bytes`, `expected a number, got ${kind(obj.bytes)}`);
  if (present(obj.ui)) expectObject(obj.ui, file, `${at}/ui`, 'an object (the _meta.ui object)');
  if (present(obj.error)) {
    const error = expectObject(obj.error, file, `${at}/error`, 'an object with "message"');
    expectString(error.message, file, `${at}/error/message`);
  }
  return entry;
}

function readUnsupportedList(value: unknown, file: string, at: string): UnsupportedList {
  const obj = expectObject(value, file, at, 'an object with "method", "code" and "message"');
  if (typeof obj.code !== 'number')
    throw new InputError(file, `${at}/code`, `expected a number, got ${kind(obj.code)}`);
  return {
    method: expectString(obj.method, file, `${at}/method`),
    code: obj.code,
    message: present(obj.message) ? expectString(obj.message, file, `${at}/message`) : '',
  };
}

function readProvenance(value: unknown, file: string): Provenance {
  const obj = expectObject(value, file, '/provenance', 'an object with "serverJson"');
  const serverJson = expectObject(
    obj.serverJson,
    file,
    '/provenance/serverJson',
    'an object with "name"',
  );
  expectString(serverJson.name, file, '/provenance/serverJson/name');
  return { ...obj, serverJson: serverJson as Provenance['serverJson'] };
}

function expectArray(value: unknown, file: string, at: string): unknown[] {
  if (!Array.isArray(value))
    throw new InputError(file, at, `expected an array, got ${kind(value)}`);
  return value;
}

function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}
