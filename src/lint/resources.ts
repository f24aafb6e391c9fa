import { entityId } from '../diff/entities.js';
import type { LintContext } from './context.js';
import { subjectOf } from './context.js';
import { quote } from './text.js';
import { checkUiResources } from './ui-resources.js';

/** Query parameter names that carry a credential (compared without case, `_` or `-`). */
const SECRET_PARAMETERS = new Set([
  'token',
  'accesstoken',
  'authtoken',
  'idtoken',
  'refreshtoken',
  'apikey',
  'key',
  'secret',
  'clientsecret',
  'password',
  'passwd',
  'pwd',
  'sig',
  'signature',
  'xamzsignature',
  'xamzcredential',
  'xamzsecuritytoken',
  'auth',
  'authorization',
  'session',
  'sessionid',
  'sid',
  'credential',
  'credentials',
  'privatekey',
]);

/** Well-known secret formats, wherever they appear in a URI. */
const SECRET_SHAPES: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  { label: 'a GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{20,}/ },
  { label: 'an AWS access key id', pattern: /\b(AKIA|ASIA)[A-Z0-9]{16}\b/ },
  { label: 'a Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  { label: 'an sk- API key', pattern: /\bsk-[A-Za-z0-9_-]{20,}/ },
  { label: 'a JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]+/ },
];

/** Resources rules: declared MIME types, no credentials in URIs, MCP Apps views that hosts can show. */
export function checkResources(ctx: LintContext): void {
  checkUiResources(ctx);
  const entries = [
    ...ctx.snapshot.resources.map((r) => ({
      entity: entityId('resource', r.uri),
      uri: r.uri,
      field: 'uri',
      mimeType: r.mimeType,
    })),
    ...ctx.snapshot.resourceTemplates.map((t) => ({
      entity: entityId('resource-template', t.uriTemplate),
      uri: t.uriTemplate,
      field: 'uriTemplate',
      mimeType: t.mimeType,
    })),
  ];
  for (const { entity, uri, field, mimeType } of entries) {
    const subject = subjectOf(entity);
    if (typeof mimeType !== 'string' || mimeType.trim() === '') {
      ctx.out.add(
        'resource-mime-type-missing',
        entity,
        '/mimeType',
        '',
        `${subject}: no mimeType; clients cannot tell how to decode or display the contents`,
      );
    }
    const secret = sensitivePart(uri);
    if (secret) {
      ctx.out.add(
        'resource-uri-sensitive',
        entity,
        `/${field}`,
        secret,
        `${subject}: the ${field} carries a credential (${secret}); anything listed is shown to users and models and logged, so move it to the transport's authentication`,
      );
    }
  }
}

/** What in a URI looks like a credential, described without repeating the secret. */
function sensitivePart(uri: string): string | undefined {
  const authority = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)@/.exec(uri);
  if (authority && authority[1]!.includes(':')) return 'a password in the authority';
  const query = /\?([^#]*)/.exec(uri)?.[1] ?? '';
  for (const pair of query.split('&')) {
    const [rawName = '', value] = pair.split('=');
    if (
      value !== undefined &&
      value !== '' &&
      SECRET_PARAMETERS.has(normalise(safeDecode(rawName)))
    )
      return `query parameter ${quote(safeDecode(rawName), 40)}`;
  }
  // A URI template's query expansion (`{?token}`) is filled in by the client: it still puts a credential in a URI.
  for (const expansion of uri.matchAll(/\{[?&]([^}]*)\}/g)) {
    const hit = expansion[1]!
      .split(',')
      .find((n) => SECRET_PARAMETERS.has(normalise(n.replace(/\*$|:\d+$/, ''))));
    if (hit !== undefined) return `query parameter ${quote(hit, 40)}`;
  }
  for (const { label, pattern } of SECRET_SHAPES)
    if (pattern.test(uri)) return `something shaped like ${label}`;
  return undefined;
}

const normalise = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
