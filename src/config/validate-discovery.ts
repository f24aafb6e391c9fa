import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { closest } from './closest.js';
import { knownKeys, list } from './known-keys.js';
import { describe, object } from './values.js';

const DISCOVERY_KEYS = ['era', 'timeoutMs', 'maxPages', 'capabilities', 'uiHtml'] as const;
const ERAS = ['auto', 'legacy', 'modern'];

/** `discovery: { era?, timeoutMs?, maxPages?, capabilities?, uiHtml? }`, each checked at its pointer. */
export function checkDiscovery(value: unknown, file: string, at: string): void {
  const discovery = object(value, file, at, `discovery options { ${DISCOVERY_KEYS.join('?, ')}? }`);
  knownKeys(discovery, file, at, DISCOVERY_KEYS, 'discovery');
  if (discovery.era !== undefined && !ERAS.includes(discovery.era as string)) {
    throw new InputError(
      file,
      `${at}/era`,
      `expected one of ${list(ERAS)}, got ${describe(discovery.era)}`,
      'auto (the default) picks the era the server speaks',
    );
  }
  for (const key of ['timeoutMs', 'maxPages'] as const) {
    const n = discovery[key];
    if (n !== undefined && !(Number.isSafeInteger(n) && (n as number) > 0))
      throw new InputError(
        file,
        `${at}/${key}`,
        `expected a positive whole number, got ${describe(n)}`,
      );
  }
  if (discovery.capabilities !== undefined)
    checkClientCapabilities(discovery.capabilities, file, `${at}/capabilities`);
  if (discovery.uiHtml !== undefined && typeof discovery.uiHtml !== 'boolean')
    throw new InputError(
      file,
      `${at}/uiHtml`,
      `expected true or false, got ${describe(discovery.uiHtml)}`,
      '`uiHtml: true` keeps the content of each UI resource in the snapshot; without it only its hash and size are kept',
    );
}

/** The top-level keys of the spec's `ClientCapabilities` (2025-11-25), in its order. */
const CAPABILITY_KEYS = [
  'roots',
  'sampling',
  'elicitation',
  'tasks',
  'experimental',
  'extensions',
] as const;

/**
 * A `ClientCapabilities` object (`discovery.capabilities`, `snapshot --capabilities`): the spec's
 * keys, each an object of the spec's shape; `experimental` and `extensions` map names to objects.
 * It is sent to the server as it is and written into the snapshot, so it must be plain JSON.
 */
export function checkClientCapabilities(value: unknown, file: string, at: string): void {
  const caps = object(
    value,
    file,
    at,
    'a ClientCapabilities object, e.g. { roots: {}, sampling: {} }',
  );
  for (const key of Object.keys(caps))
    if (!(CAPABILITY_KEYS as readonly string[]).includes(key)) unknownCapability(key, file, at);
  notJson(caps, file, at);
  const roots = optionalObject(caps.roots, file, `${at}/roots`);
  if (roots) {
    knownKeys(roots, file, `${at}/roots`, ['listChanged'], 'roots');
    if (roots.listChanged !== undefined && typeof roots.listChanged !== 'boolean')
      throw new InputError(
        file,
        `${at}/roots/listChanged`,
        `expected true or false, got ${describe(roots.listChanged)}`,
      );
  }
  const sampling = optionalObject(caps.sampling, file, `${at}/sampling`);
  if (sampling) {
    knownKeys(sampling, file, `${at}/sampling`, ['context', 'tools'], 'sampling');
    objectMembers(sampling, file, `${at}/sampling`);
  }
  const elicitation = optionalObject(caps.elicitation, file, `${at}/elicitation`);
  if (elicitation) {
    for (const mode of ['form', 'url'])
      optionalObject(elicitation[mode], file, `${at}/elicitation/${mode}`);
  }
  const tasks = optionalObject(caps.tasks, file, `${at}/tasks`);
  if (tasks) checkTasks(tasks, file, `${at}/tasks`);
  for (const key of ['experimental', 'extensions'] as const) {
    const map = optionalObject(caps[key], file, `${at}/${key}`);
    if (map) objectMembers(map, file, `${at}/${key}`);
  }
}

/** The client's `tasks`: `list`, `cancel`, and `requests` for what the server asks of the client. */
function checkTasks(tasks: Record<string, unknown>, file: string, at: string): void {
  optionalObject(tasks.list, file, `${at}/list`);
  optionalObject(tasks.cancel, file, `${at}/cancel`);
  const requests = optionalObject(tasks.requests, file, `${at}/requests`);
  if (!requests) return;
  if (requests.tools !== undefined)
    throw new InputError(
      file,
      `${at}/requests/tools`,
      '`tasks.requests.tools` is a server capability (the server runs tools/call as a task), not a client one',
      'a client declares the requests the server may send it as tasks: tasks.requests.sampling.createMessage and tasks.requests.elicitation.create',
    );
  const pairs = [
    ['sampling', 'createMessage'],
    ['elicitation', 'create'],
  ] as const;
  for (const [kind, method] of pairs) {
    const entry = optionalObject(requests[kind], file, `${at}/requests/${kind}`);
    if (entry) optionalObject(entry[method], file, `${at}/requests/${kind}/${method}`);
  }
}

function unknownCapability(key: string, file: string, at: string): never {
  const meant = closest(key, CAPABILITY_KEYS);
  const takes = `client capabilities take ${list(CAPABILITY_KEYS)}`;
  throw new InputError(
    file,
    `${at}/${pointerToken(key)}`,
    `unknown key ${JSON.stringify(key)} in client capabilities`,
    `${meant ? `did you mean \`${meant}\`? (${takes})` : takes}; a capability the spec does not define goes under \`experimental\` or \`extensions\`, e.g. extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } }`,
  );
}

function optionalObject(
  value: unknown,
  file: string,
  at: string,
): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  return object(value, file, at, 'an object ({} declares it)');
}

function objectMembers(map: Record<string, unknown>, file: string, at: string): void {
  for (const [key, member] of Object.entries(map))
    optionalObject(member, file, `${at}/${pointerToken(key)}`);
}

/** The first value that JSON cannot hold (a function, `undefined` in an array, a Date, NaN), by pointer. */
function notJson(value: unknown, file: string, at: string): void {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw new InputError(file, at, `expected a JSON value, got ${String(value)}`);
  }
  if (Array.isArray(value)) return value.forEach((v, i) => notJson(v, file, `${at}/${i}`));
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, v] of Object.entries(value)) {
      if (v === undefined) continue;
      notJson(v, file, `${at}/${pointerToken(key)}`);
    }
    return;
  }
  throw new InputError(
    file,
    at,
    `expected a JSON value, got ${typeof value === 'object' ? (value.constructor?.name ?? 'an object') : typeof value}`,
    'capabilities are sent to the server and written into the snapshot: plain objects, arrays, strings, numbers and booleans only',
  );
}
