import { createHash } from 'node:crypto';

/** Six hex digits of SHA-256: a short, stable suffix that tells apart names built from different text. */
export function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 6);
}
