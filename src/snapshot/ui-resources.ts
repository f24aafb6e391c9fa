import { createHash } from 'node:crypto';
import type { Attempt } from '../discover/attempt.js';
import { quote } from '../shared/hidden-text.js';
import { isObject, type JsonObject } from '../shared/json.js';
import { namedUiUris, toolUiResource } from './mcp-apps.js';
import type { Snapshot, UiResource } from './types.js';

/** The longest error message a snapshot records (a server's message is untrusted and unbounded). */
const MAX_ERROR_CHARS = 500;

export interface UiReadOptions {
  /** Keep each resource's content (`text` or `blob`) in its entry: `discovery.uiHtml`. */
  uiHtml: boolean;
  server: string;
  /** One line for each resource that could not be read. */
  warn?: (line: string) => void;
}

/**
 * Read every `ui://` resource a tool names (MCP Apps), listed or not, into `snapshot.uiResources`:
 * its `_meta.ui` (the read content's, else the list entry's: the content wins, as the extension
 * says), its MIME type, and the SHA-256 and size of its content, so a review sees a widened CSP
 * or a changed page. The content is kept only with `uiHtml`. A read that fails is recorded with
 * its error and a warning, and discovery goes on. The content is never run, parsed or followed.
 * A server that does not declare `resources` is not asked (a warning says so), as for its lists.
 */
export async function readUiResources(
  snapshot: Snapshot,
  read: (uri: string) => Promise<Attempt>,
  options: UiReadOptions,
): Promise<{ read: number; failed: number }> {
  const uris = namedUiUris(snapshot);
  if (uris.length === 0) return { read: 0, failed: 0 };
  // As for the lists: a method the server did not declare is not called (many answer it with an error).
  if (!snapshot.capabilities?.resources) {
    options.warn?.(
      `server "${options.server}": its tools name ${uris.length === 1 ? 'a UI resource' : `${uris.length} UI resources`} (${uris
        .slice(0, 3)
        .map((u) => quote(u, 80))
        .join(
          ', ',
        )}${uris.length > 3 ? ', …' : ''}), but it does not declare the resources capability, so ${uris.length === 1 ? 'it was' : 'they were'} not read; hosts cannot read ${uris.length === 1 ? 'it' : 'them'} either`,
    );
    return { read: 0, failed: 0 };
  }
  const entries: UiResource[] = [];
  let failed = 0;
  for (const uri of uris) {
    const listed = snapshot.resources.find((r) => r.uri === uri);
    const entry = uiEntry(uri, await read(uri), listed, options.uiHtml);
    if (entry.error) {
      failed++;
      const tools = snapshot.tools.filter((t) => toolUiResource(t)?.uri === uri).map((t) => t.name);
      options.warn?.(
        `server "${options.server}": the UI resource ${quote(uri, 120)} of ${tools.length === 1 ? 'tool' : 'tools'} ${tools.map((t) => quote(t, 60)).join(', ')} could not be read (${quote(entry.error.message, 200)}); the snapshot records the error`,
      );
    }
    entries.push(entry);
  }
  snapshot.uiResources = entries;
  return { read: uris.length - failed, failed };
}

function uiEntry(
  uri: string,
  outcome: Attempt,
  listed: { mimeType?: string; [key: string]: unknown } | undefined,
  keep: boolean,
): UiResource {
  const entry: UiResource = { uri };
  const listedUi = uiMetaOf(listed);
  if (typeof listed?.mimeType === 'string') entry.mimeType = listed.mimeType;
  if (listedUi) entry.ui = listedUi;
  if ('error' in outcome) return { ...entry, error: bounded(outcome.error) };
  const contents = isObject(outcome.result) ? outcome.result.contents : undefined;
  const items = Array.isArray(contents) ? contents.filter(isObject) : [];
  // The item for the URI asked for; a server that names it otherwise still answered this read.
  const content = items.find((c) => c.uri === uri) ?? items[0];
  if (content === undefined)
    return { ...entry, error: { message: 'the server returned no content for it' } };
  if (typeof content.mimeType === 'string') entry.mimeType = content.mimeType;
  const ui = uiMetaOf(content);
  if (ui) entry.ui = ui;
  let bytes: Buffer;
  if (typeof content.text === 'string') bytes = Buffer.from(content.text, 'utf8');
  else if (typeof content.blob === 'string') bytes = Buffer.from(content.blob, 'base64');
  else return { ...entry, error: { message: 'its content has neither "text" nor "blob"' } };
  entry.sha256 = createHash('sha256').update(bytes).digest('hex');
  entry.bytes = bytes.length;
  if (keep) {
    if (typeof content.text === 'string') entry.text = content.text;
    else entry.blob = content.blob as string;
  }
  return entry;
}

function uiMetaOf(item: { [key: string]: unknown } | undefined): JsonObject | undefined {
  const meta = item?._meta;
  const ui = isObject(meta) ? meta.ui : undefined;
  return isObject(ui) ? ui : undefined;
}

function bounded(error: { code?: number; message: string }): { code?: number; message: string } {
  const message =
    error.message.length > MAX_ERROR_CHARS
      ? `${error.message.slice(0, MAX_ERROR_CHARS)}…`
      : error.message;
  return error.code === undefined ? { message } : { code: error.code, message };
}
