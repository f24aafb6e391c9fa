import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
} from '@modelcontextprotocol/server';
import type { JsonObject } from '../shared/json.js';
import type { MockState } from './state.js';

/**
 * What the mock serves for a UI resource whose content the snapshot does not hold (discovery keeps
 * it only with `discovery.uiHtml`): a page that says so. Fixed text, nothing from the snapshot in
 * it: a recorded URI is server text, and this is HTML.
 */
export const PLACEHOLDER_PAGE =
  '<!doctype html>\n<meta charset="utf-8">\n<title>mcp-codegen mock</title>\n<p>mcp-codegen mock: the snapshot records this UI resource by its hash; discover with discovery.uiHtml to serve its content.</p>\n';

/**
 * `resources/read`: the snapshot holds no resource content but that of the UI resources discovery
 * read. Those are served with their recorded MIME type and `_meta.ui` (as the read content's, which
 * wins over a list entry's), their content when it was kept, else the placeholder page; one whose
 * read failed fails again with the recorded error. Any other URI, listed or not, is not found
 * (JSON-RPC -32602, as SDK v2 answers every revision).
 */
export async function readResource(
  state: MockState,
  params: Record<string, unknown>,
): Promise<JsonObject> {
  const uri = typeof params.uri === 'string' ? params.uri : '';
  const entry = state.catalog.snapshot.uiResources?.find((r) => r.uri === uri);
  if (entry === undefined) throw new ResourceNotFoundError(uri);
  if (entry.error)
    throw new ProtocolError(
      entry.error.code ?? ProtocolErrorCode.InternalError,
      entry.error.message,
    );
  const content: JsonObject = { uri };
  if (entry.mimeType !== undefined) content.mimeType = entry.mimeType;
  if (entry.text !== undefined) content.text = entry.text;
  else if (entry.blob !== undefined) content.blob = entry.blob;
  else content.text = PLACEHOLDER_PAGE;
  if (entry.ui !== undefined) content._meta = { ui: entry.ui };
  return { contents: [content] };
}
