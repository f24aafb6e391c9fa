import { InputError } from '../shared/errors.js';
import { pointerToken } from '../shared/pointer.js';
import { closest } from './closest.js';

/** An unknown key is named by its pointer, with the key it most likely meant. */
export function knownKeys(
  obj: Record<string, unknown>,
  file: string,
  at: string,
  keys: readonly string[],
  what: string,
): void {
  for (const key of Object.keys(obj))
    if (!keys.includes(key)) unknownKey(key, file, at, keys, what);
}

export function unknownKey(
  key: string,
  file: string,
  at: string,
  keys: readonly string[],
  what: string,
): never {
  const meant = closest(key, keys);
  const takes = `${what} takes ${list(keys)}`;
  throw new InputError(
    file,
    `${at}/${pointerToken(key)}`,
    `unknown key ${JSON.stringify(key)} in ${what}`,
    meant ? `did you mean \`${meant}\`? (${takes})` : takes,
  );
}

export function list(keys: readonly string[]): string {
  return keys.map((k) => `"${k}"`).join(', ');
}
