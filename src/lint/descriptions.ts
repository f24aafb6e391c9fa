import { SERVER_ENTITY } from '../diff/entities.js';
import { isDescribed, schemaProperties } from '../schema/properties.js';
import { type LintContext, toolEntity, toolSubject } from './context.js';
import { nameWords, quote, utf8Bytes } from './text.js';

const PLACEHOLDER =
  /^(todo|tbd|fixme|n\/?a|none|description|no description|placeholder|\.+|-+)\.?$/i;
/** Words that carry no meaning of their own when judging whether a description only repeats the name. */
const FILLER = new Set([
  'a',
  'an',
  'the',
  'this',
  'tool',
  'function',
  'to',
  'for',
  'of',
  'and',
  'or',
  'it',
  'that',
  'is',
  'will',
  'can',
  'used',
  'use',
  'with',
  'by',
  'from',
  'in',
  'on',
]);

/** Descriptions rules: every tool and parameter described, specifically, within a budget. */
export function checkDescriptions(ctx: LintContext): void {
  for (const tool of ctx.snapshot.tools) {
    const entity = toolEntity(tool.name);
    const subject = toolSubject(tool.name);
    const description = typeof tool.description === 'string' ? tool.description.trim() : '';
    if (description === '') {
      ctx.out.add(
        'tool-description-missing',
        entity,
        '/description',
        '',
        `${subject}: no description; say what the tool does, what it returns and when not to use it`,
      );
    } else {
      const vague = vagueness(description, tool.name);
      if (vague)
        ctx.out.add(
          'tool-description-vague',
          entity,
          '/description',
          vague,
          `${subject}: the description ${quote(description, 60)} ${vague}; say what the tool does, what it returns and when not to use it`,
        );
      const bytes = utf8Bytes(tool.description!);
      if (bytes > ctx.descriptionBudget) {
        ctx.out.add(
          'tool-description-too-long',
          entity,
          '/description',
          String(ctx.descriptionBudget),
          `${subject}: the description is ${bytes} bytes, over the budget of ${ctx.descriptionBudget}; every tool's description is sent to the model on every turn`,
        );
      }
    }
    for (const { pointer, path, schema } of schemaProperties(tool.inputSchema)) {
      if (isDescribed(tool.inputSchema, schema)) continue;
      ctx.out.add(
        'input-property-undocumented',
        entity,
        `/inputSchema${pointer}`,
        '',
        `${subject}: input property ${quote(path, 60)} has no description; the model has only its name to go on`,
      );
    }
  }
  checkCoverage(ctx);
}

/**
 * One figure for the catalog beside the per-item rules: the share of tools and input properties
 * (nested ones included, as `input-property-undocumented` walks them) that have a description.
 * A catalog with nothing to describe is fully covered.
 */
function checkCoverage(ctx: LintContext): void {
  let documented = 0;
  let total = 0;
  for (const tool of ctx.snapshot.tools) {
    total++;
    if (typeof tool.description === 'string' && tool.description.trim() !== '') documented++;
    for (const { schema } of schemaProperties(tool.inputSchema)) {
      total++;
      if (isDescribed(tool.inputSchema, schema)) documented++;
    }
  }
  if (total === 0 || documented / total >= ctx.descriptionCoverage) return;
  const percent = (share: number) => `${Math.floor(share * 1000 + 1e-9) / 10}%`;
  ctx.out.add(
    'catalog-description-coverage',
    SERVER_ENTITY,
    '/tools',
    String(ctx.descriptionCoverage),
    `server: ${documented} of ${total} tools and input properties have a description (${percent(documented / total)}), below the threshold of ${percent(ctx.descriptionCoverage)}; undocumented ones leave the model only their names to go on (describe them, or set lint.descriptionCoverage)`,
  );
}

function vagueness(description: string, name: string): string | undefined {
  if (PLACEHOLDER.test(description)) return 'is a placeholder';
  const words = description.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const own = new Set(nameWords(name));
  const meaningful = words.filter((w) => !FILLER.has(w));
  if (
    meaningful.length > 0 &&
    meaningful.every((w) => own.has(w) || own.has(w.replace(/e?s$/, '')))
  )
    return 'only repeats the name';
  if (words.length < 4) return `has ${words.length} word${words.length === 1 ? '' : 's'}`;
  return undefined;
}
