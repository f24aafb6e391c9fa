/**
 * The secrets of this process (access and refresh tokens, client secrets, authorization codes, a
 * token command's output), so that whatever prints a line can take them out first: a server may
 * echo a token in an error body, and an SDK error may quote a request. Values are only ever held
 * in memory; shorter than 8 characters they are not worth the false hits.
 */
const secrets = new Set<string>();

const MIN_LENGTH = 8;

export function rememberSecret(value: string | undefined): void {
  if (value !== undefined && value.length >= MIN_LENGTH) secrets.add(value);
}

/** `text` with every remembered secret (and its URL-encoded form) replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) {
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      if (out.includes(form)) out = out.split(form).join('[redacted]');
  }
  return out;
}
