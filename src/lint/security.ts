import { entityId, SERVER_ENTITY } from '../diff/entities.js';
import { pointerToken } from '../shared/pointer.js';
import type { JsonValue, Prompt } from '../snapshot/types.js';
import { type LintContext, subjectOf } from './context.js';
import { escapeHidden, hiddenCharacters } from '../shared/hidden-text.js';
import { forEachString, pointerOf, quote, type StringPath } from './text.js';

/**
 * Phrases that address the model instead of describing the tool: the tool-poisoning patterns
 * published for MCP. Each has a label (the fingerprint's evidence) so rewording a pattern keeps it.
 */
const INSTRUCTION_PATTERNS: ReadonlyArray<{ label: string; pattern: RegExp }> = [
  {
    label: 'ignore previous instructions',
    pattern:
      /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+|your\s+)?(previous|prior|above|earlier|preceding|other|system)\s+(instructions?|prompts?|messages?|rules|directions)/i,
  },
  {
    label: 'hide from the user',
    pattern:
      /\b(do\s+not|don'?t|never)\s+(tell|inform|mention|reveal|show|alert|notify|disclose)\b[^.]{0,40}\buser\b|\bwithout\s+(telling|informing|notifying|alerting)\s+the\s+user\b|\bthe\s+user\s+(must|should)\s+not\s+(know|see|be\s+told)\b/i,
  },
  { label: 'instruction block', pattern: /<\s*\/?\s*(important|system|instructions?|hidden)\s*>/i },
  {
    label: 'role change',
    pattern:
      /\b(you\s+are\s+now|from\s+now\s+on,?\s+you|new\s+instructions\s*:|act\s+as\s+(an?\s+)?(admin|administrator|root|system))/i,
  },
  // Private keys and client configs holding credentials; `id_rsa.pub` is a public key that VM tools legitimately ask for.
  {
    label: 'reads secrets',
    pattern:
      /~\/\.ssh\/(?!\S*\.pub\b)|\bid_(rsa|ed25519|ecdsa)\b(?!\.pub)|\.aws\/credentials|\bmcp\.json\b|\.cursor\//i,
  },
  {
    label: 'tool precedence',
    pattern:
      /\b(before|instead\s+of)\s+(using|calling)\s+(any\s+other|other|this|the\s+\S+)\s+tools?\b[^.]{0,60}\b(must|always|first)\b/i,
  },
];

/** Text fields judged by `description-instruction-like`: where a catalog describes things. */
const DESCRIBING_KEYS = new Set(['description', 'title']);

/** Security rules: hidden characters anywhere, model-addressed text in descriptions, capability bloat. */
export function checkSecurity(ctx: LintContext): void {
  const { snapshot } = ctx;
  // Server instructions are addressed to the model by design: only hidden characters count there.
  scanHidden(ctx, SERVER_ENTITY, {
    instructions: snapshot.instructions ?? null,
    serverInfo: (snapshot.serverInfo ?? null) as JsonValue,
  });
  for (const tool of snapshot.tools)
    scanEntity(ctx, entityId('tool', tool.name), tool as unknown as JsonValue);
  for (const r of snapshot.resources)
    scanEntity(ctx, entityId('resource', r.uri), r as unknown as JsonValue);
  for (const t of snapshot.resourceTemplates)
    scanEntity(ctx, entityId('resource-template', t.uriTemplate), t as unknown as JsonValue);
  for (const p of snapshot.prompts)
    scanEntity(ctx, entityId('prompt', p.name), p as unknown as JsonValue, argumentsByName(p));
  if (snapshot.tools.length > ctx.maxTools) {
    ctx.out.add(
      'catalog-tool-count-high',
      SERVER_ENTITY,
      '/tools',
      String(ctx.maxTools),
      `server: ${snapshot.tools.length} tools, over the limit of ${ctx.maxTools}; every tool is one more thing the model can be steered into calling and one more description in every prompt (split the server, or set lint.maxTools)`,
    );
  }
}

/** As in diff, prompt arguments are addressed by name (`/arguments/style/description`), not by position. */
function argumentsByName(prompt: Prompt): (pointer: string) => string {
  return (pointer) =>
    pointer.replace(/^\/arguments\/(\d+)(?=\/|$)/, (whole, index: string) => {
      const name = prompt.arguments?.[Number(index)]?.name;
      return typeof name === 'string' ? `/arguments/${pointerToken(name)}` : whole;
    });
}

type PointerMap = (pointer: string) => string;
const asIs: PointerMap = (pointer) => pointer;

function scanEntity(
  ctx: LintContext,
  entity: string,
  value: JsonValue,
  map: PointerMap = asIs,
): void {
  scanStrings(ctx, entity, value, map, true);
}

/** One finding per text field (or property name) with hidden characters, listing them escaped. */
function scanHidden(ctx: LintContext, entity: string, value: JsonValue): void {
  scanStrings(ctx, entity, value, asIs, false);
}

/**
 * One walk over an entity's strings for both checks; its hidden-character findings come first, then
 * (with `instructions`) the describing fields that address the model.
 */
function scanStrings(
  ctx: LintContext,
  entity: string,
  value: JsonValue,
  map: PointerMap,
  instructions: boolean,
): void {
  const addressing: Array<{ pointer: string; text: string; matches: PatternMatch[] }> = [];
  forEachString(value, (text, key, path) => {
    const hidden = hiddenCharacters(text);
    if (hidden.length > 0) {
      const pointer = map(pointerOf(path));
      const field = key ? `the property name at ${quote(pointer)}` : where(pointer);
      ctx.out.add(
        'description-hidden-characters',
        entity,
        pointer,
        `${key ? 'key' : 'value'}:${hidden.join('')}`,
        `${subjectOf(entity)}: hidden characters (${hidden.join(' ')}) in ${field}: ${quote(text)}; a reader does not see them, a model does`,
      );
    }
    if (!instructions || key || !describing(path, map)) return;
    const matches = instructionMatches(text);
    if (matches.length > 0) addressing.push({ pointer: map(pointerOf(path)), text, matches });
  });
  for (const { pointer, text, matches } of addressing) {
    // One finding per field, naming every pattern it matched: one poisoned description is one problem.
    const first = matches.reduce((a, b) => (b.match.index < a.match.index ? b : a)).match;
    const labels = matches.map((m) => m.label).join(', ');
    ctx.out.add(
      'description-instruction-like',
      entity,
      pointer,
      labels,
      `${subjectOf(entity)}: ${where(pointer)} addresses the model (${labels}): ${quote(excerpt(text, first.index, first[0].length))}; a description says what the tool does, it does not instruct`,
    );
  }
}

type PatternMatch = { label: string; match: RegExpExecArray };

function instructionMatches(text: string): PatternMatch[] {
  return INSTRUCTION_PATTERNS.map(({ label, pattern }) => ({
    label,
    match: pattern.exec(text),
  })).filter(
    (m): m is PatternMatch => m.match !== null && !quoted(text, m.match.index, m.match[0].length),
  );
}

/** Whether a string is a describing field: judged by the last token of its (mapped) pointer. */
function describing(path: StringPath, map: PointerMap): boolean {
  // Unmapped, that token is the last key itself (neither key holds a character a pointer escapes).
  if (map === asIs) {
    const last = path[path.length - 1];
    return typeof last === 'string' && DESCRIBING_KEYS.has(last);
  }
  return DESCRIBING_KEYS.has(lastKey(map(pointerOf(path))));
}

/**
 * A phrase inside quotation marks is mentioned, not said: descriptions that warn the model about
 * injected text quote it (`never act on text like "ignore previous instructions"`).
 */
function quoted(text: string, index: number, length: number): boolean {
  const before = text[index - 1];
  const after = text[index + length];
  return (
    before !== undefined && /["'`“‘«]/.test(before) && after !== undefined && /["'`”’»]/.test(after)
  );
}

function lastKey(pointer: string): string {
  return pointer.slice(pointer.lastIndexOf('/') + 1);
}

/** `the description`, or the field's pointer for nested text. */
function where(pointer: string): string {
  return /^\/[a-zA-Z]+$/.test(pointer)
    ? `the ${pointer.slice(1)}`
    : `the text at ${escapeHidden(pointer)}`;
}

/** The match with some context on each side, so the message shows what was said. */
function excerpt(text: string, index: number, length: number): string {
  const start = Math.max(0, index - 20);
  const end = Math.min(text.length, index + length + 20);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).replace(/\s+/g, ' ')}${end < text.length ? '…' : ''}`;
}
