import type { Tool } from '../snapshot/types.js';
import { type LintContext, toolEntity, toolSubject } from './context.js';
import { nameWords } from './text.js';

/** The spec's tool name: 1–128 characters of A-Z a-z 0-9 _ - . */
const VALID_NAME = /^[A-Za-z0-9_.-]{1,128}$/;

/** Words that say nothing about what a tool does or to what. */
const GENERIC = new Set([
  'do',
  'run',
  'process',
  'handle',
  'handler',
  'execute',
  'exec',
  'call',
  'invoke',
  'perform',
  'action',
  'tool',
  'tools',
  'query',
  'request',
  'api',
  'data',
  'manage',
  'helper',
  'util',
  'utils',
  'misc',
  'general',
  'task',
  'operation',
  'command',
  'main',
  'test',
  'function',
  'func',
  'go',
  'default',
  'generic',
  'custom',
  'service',
  'thing',
  'stuff',
  'info',
  'it',
  'my',
]);

/** A first word that only pads the name: `do_search` is `search`. */
const FILLER_FIRST = new Set(['do', 'perform', 'handle', 'my']);

/**
 * Verbs tool names start or end with. A name needs one of them plus a target; the list is generous
 * on purpose, since the rule is `info` and a miss only costs a suggestion.
 */
const VERBS = new Set(
  (
    'get list search find fetch read write create add insert update edit modify patch set put post delete remove drop clear ' +
    'reset move copy rename upload download send receive reply forward publish subscribe unsubscribe open close start stop ' +
    'restart run execute exec call invoke navigate click type press hover drag select fill scroll wait take capture ' +
    'screenshot resize install uninstall check validate verify test analyze analyse summarize summarise translate convert ' +
    'generate render build compile deploy scan crawl scrape map extract parse format sort filter count compute calculate ' +
    'query lookup resolve describe explain show view inspect browse load save store export import sync merge split join ' +
    'archive restore backup lock unlock enable disable approve reject assign invite share tag label mark log track watch ' +
    'notify echo ping print evaluate eval sample annotate trigger toggle schedule cancel retry refresh apply attach detach ' +
    'append prepend replace upsert register login logout authenticate authorize sign encrypt decrypt hash encode decode ' +
    'zip unzip compress extend retrieve monitor measure estimate predict classify recommend rank compare diff ' +
    'research plan think handle manage process tail grep head stat touch make comment react pin star fork clone push pull ' +
    'commit checkout review request answer ask chat complete submit confirm diagnose design recognize recognise synthesize ' +
    'synthesise unregister transcribe speak gzip gunzip simulate interact emulate snapshot'
  ).split(/\s+/),
);

const VERSION_WORDS = new Set([
  'legacy',
  'deprecated',
  'old',
  'beta',
  'alpha',
  'latest',
  'experimental',
]);

type Style = 'snake' | 'kebab' | 'dot' | 'camel' | 'pascal' | 'mixed';

/** Names rules: validity, specificity, action + target, consistent style, no versions. */
export function checkNames(ctx: LintContext): void {
  const styles = new Map<Tool, Style | undefined>();
  for (const tool of ctx.snapshot.tools) {
    const entity = toolEntity(tool.name);
    const subject = toolSubject(tool.name);
    if (!VALID_NAME.test(tool.name)) {
      const length = [...tool.name].length;
      const why =
        length === 0
          ? 'is empty'
          : length > 128
            ? `is ${length} characters long`
            : 'has characters outside A-Za-z0-9_-.';
      ctx.out.add(
        'tool-name-invalid',
        entity,
        '/name',
        why,
        `${subject}: the name ${why}; the spec allows 1–128 characters of A-Za-z0-9_-. and some clients reject others`,
      );
    }
    const words = nameWords(tool.name);
    if (
      words.length > 0 &&
      (words.every((w) => GENERIC.has(w)) || (words.length > 1 && FILLER_FIRST.has(words[0]!)))
    ) {
      ctx.out.add(
        'tool-name-generic',
        entity,
        '/name',
        words.join(' '),
        `${subject}: the name is generic; say the action and its target, e.g. "search_notes" rather than "do_search" or "process"`,
      );
    } else if (words.length === 1) {
      ctx.out.add(
        'tool-name-not-action-target',
        entity,
        '/name',
        'one word',
        `${subject}: the name is one word; name the action and its target, e.g. "search_notes"`,
      );
    } else if (words.length > 1 && !words.some((w) => VERBS.has(w))) {
      ctx.out.add(
        'tool-name-not-action-target',
        entity,
        '/name',
        'no verb',
        `${subject}: the name has no action verb; name the action and its target, e.g. "get_user_profile"`,
      );
    }
    const version = words.find(
      (w, i) =>
        /^v\d+$/.test(w) ||
        (i === words.length - 1 && i > 0 && /^\d+$/.test(w)) ||
        ((i === 0 || i === words.length - 1) && words.length > 1 && VERSION_WORDS.has(w)),
    );
    if (version !== undefined) {
      ctx.out.add(
        'tool-name-versioned',
        entity,
        '/name',
        version,
        `${subject}: the name carries a version (${JSON.stringify(version)}); keep one tool per action and version the server instead`,
      );
    }
    styles.set(tool, styleOf(tool.name));
  }
  checkStyles(ctx, styles);
}

/** The naming style of a name; undefined for one lowercase word, which fits every style. */
function styleOf(name: string): Style | undefined {
  const separators = new Set(name.match(/[_.-]/g) ?? []);
  if (separators.size > 1) return 'mixed';
  if (separators.has('_')) return 'snake';
  if (separators.has('-')) return 'kebab';
  if (separators.has('.')) return 'dot';
  if (/^[a-z][a-z0-9]*[A-Z]/.test(name)) return 'camel';
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(name)) return 'pascal';
  return undefined;
}

const STYLE_ORDER: readonly Style[] = ['snake', 'kebab', 'camel', 'pascal', 'dot'];
const STYLE_NAME: Record<Style, string> = {
  snake: 'snake_case',
  kebab: 'kebab-case',
  dot: 'dot.case',
  camel: 'camelCase',
  pascal: 'PascalCase',
  mixed: 'mixed separators',
};

function checkStyles(ctx: LintContext, styles: Map<Tool, Style | undefined>): void {
  const counts = new Map<Style, number>();
  for (const style of styles.values())
    if (style && style !== 'mixed') counts.set(style, (counts.get(style) ?? 0) + 1);
  // The most common style wins; a tie goes to the earlier style in STYLE_ORDER, so the result does not depend on tool order.
  const dominant = STYLE_ORDER.reduce<Style | undefined>(
    (best, s) => ((counts.get(s) ?? 0) > (best ? counts.get(best)! : 0) ? s : best),
    undefined,
  );
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  for (const [tool, style] of styles) {
    if (!style || style === dominant) continue;
    const subject = toolSubject(tool.name);
    const message =
      style === 'mixed'
        ? `${subject}: the name mixes separators (${[...new Set(tool.name.match(/[_.-]/g))].join(' ')}); use one style for every tool`
        : `${subject}: the name is ${STYLE_NAME[style]} while ${counts.get(dominant!)} of ${total} tool names are ${STYLE_NAME[dominant!]}; use one style for every tool`;
    ctx.out.add(
      'tool-name-style-mixed',
      toolEntity(tool.name),
      '/name',
      `${style}/${dominant ?? ''}`,
      message,
    );
  }
}
