import type { JsonValue } from '../snapshot/types.js';
import { sortKeys } from '../snapshot/write.js';

/** Prettier options as stable text: what a cache entry stores, and what the manifest hashes. */
export function optionsText(options: object): string {
  return JSON.stringify(sortKeys(options as JsonValue));
}
