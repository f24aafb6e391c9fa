import { decodePointerToken, pointerToken } from '../shared/pointer.js';
import { parseEntity } from './entities.js';

/**
 * The line (1-based) each value of a JSON text starts on, by RFC 6901 pointer; an object member
 * counts from its key. Only called on text that already parsed as JSON, so it need not validate.
 * A nesting too deep for the stack gives what was mapped so far: lines are a convenience for
 * SARIF viewers, never a reason to fail.
 */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  const space = () => {
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '\n') line++;
      else if (c !== ' ' && c !== '\t' && c !== '\r') return;
    }
  };
  const string = (): string => {
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const value = JSON.parse(text.slice(i, j + 1)) as string;
    i = j + 1;
    return value;
  };
  const value = (pointer: string): void => {
    space();
    if (!lines.has(pointer)) lines.set(pointer, line);
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) return void i++;
      for (let n = 0; ; n++) {
        space();
        let child = `${pointer}/${n}`;
        if (c === '{') {
          const keyLine = line;
          child = `${pointer}/${pointerToken(string())}`;
          lines.set(child, keyLine);
          space();
          i++; // the colon
        }
        value(child);
        space();
        if (text[i++] !== ',') return; // the closing bracket
      }
    }
    if (c === '"') return void string();
    while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
  };
  try {
    value('');
  } catch {
    // Too deep (RangeError): keep the lines found so far.
  }
  return lines;
}

const LISTS = {
  tool: ['tools', 'name'],
  resource: ['resources', 'uri'],
  'resource-template': ['resourceTemplates', 'uriTemplate'],
  prompt: ['prompts', 'name'],
  'ui-resource': ['uiResources', 'uri'],
} as const;

/**
 * Where a finding is in the snapshot text: the entity found in its list by key, then the pointer
 * inside it (prompt arguments, addressed by name, mapped back to their index). A pointer that is
 * not in the text (a logical path through a `$ref`) gives its nearest ancestor; an entity that is
 * not there (a removed tool, in the head of a diff) gives line 1.
 */
export function lineLocator(text: string): (entity: string, pointer: string) => number {
  const lines = jsonLines(text);
  let root: Record<string, unknown> = {};
  try {
    root = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as Record<
      string,
      unknown
    >;
  } catch {
    // Not JSON: every finding is on line 1.
  }
  return (entity, pointer) => {
    const parsed = parseEntity(entity);
    if (!parsed) return 1;
    let base = '';
    let inner = pointer;
    if (parsed.kind !== 'server') {
      const [list, key] = LISTS[parsed.kind];
      const items = Array.isArray(root[list]) ? (root[list] as Array<Record<string, unknown>>) : [];
      const index = items.findIndex(
        (item) => item !== null && typeof item === 'object' && item[key] === parsed.key,
      );
      if (index < 0) return 1;
      base = `/${list}/${index}`;
      if (parsed.kind === 'prompt') inner = argumentIndex(items[index]!, pointer);
    }
    for (let at = `${base}${inner}`; ; at = at.slice(0, at.lastIndexOf('/'))) {
      const found = lines.get(at);
      if (found !== undefined) return found;
      if (at === '') return 1;
    }
  };
}

function argumentIndex(prompt: Record<string, unknown>, pointer: string): string {
  const match = /^\/arguments\/([^/]+)(.*)$/.exec(pointer);
  if (!match || !Array.isArray(prompt.arguments)) return pointer;
  const name = decodePointerToken(match[1]!);
  const index = (prompt.arguments as Array<Record<string, unknown>>).findIndex(
    (a) => a?.name === name,
  );
  return index < 0 ? pointer : `/arguments/${index}${match[2]}`;
}
