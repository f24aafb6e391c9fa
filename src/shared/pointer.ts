/** RFC 6901 JSON pointers: the one encoder and decoder every stage uses to locate a value. */

/** Escape one reference token: `~` → `~0`, `/` → `~1`. */
export function pointerToken(token: string | number): string {
  const text = String(token);
  // Most tokens need no escape: checked first, since every walk builds pointers for every key.
  if (!text.includes('~') && !text.includes('/')) return text;
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** A pointer from unescaped tokens: `pointer('a', 'b/c')` is `/a/b~1c`. */
export function pointer(...tokens: Array<string | number>): string {
  return tokens.map((t) => '/' + pointerToken(t)).join('');
}

/** Unescape one reference token: `~1` → `/`, then `~0` → `~` (in that order, so `~01` stays `~1`). */
export function decodePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
