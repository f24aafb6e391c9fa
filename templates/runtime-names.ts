/**
 * mcp-codegen runtime: the identifier a tool's name becomes, restated from the generator's naming
 * planner (src/model/naming.ts, `camelCase(name, 'tool')`), so that the aggregate's guard compares
 * the names a server lists at run time as the planner compared them at generation (`get-user` and
 * `get_user` are both `getUser`). The runtime imports nothing of the generator: the rule is written
 * again here, and test/aggregate-names.test.ts holds the two equal on a table of names.
 */
import { hashText } from './runtime-fingerprint.js';

/** `add_note` → `addNote`, `API-get-user2x` → `apiGetUser2X`; a name with no letter or digit: `tool` and six hex digits of its SHA-256. */
export async function toolIdentifier(name: string): Promise<string> {
  const parts = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '');
  const joined =
    parts.map((p) => p.charAt(0).toUpperCase() + p.slice(1).toLowerCase()).join('') ||
    `Tool${(await hashText(name)).slice(0, 6)}`;
  // A letter after digits is upper case, and an identifier never starts with a digit.
  const cased = joined.replace(/(\d)([a-z])/g, (_, digit: string, letter: string) => digit + letter.toUpperCase());
  const pascal = /^[0-9]/.test(cased) ? `Tool${cased}` : cased;
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}
