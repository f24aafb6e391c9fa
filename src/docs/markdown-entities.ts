import { entityGroups, type Inline } from './entities.js';
import { mdCode, mdParagraphs, mdText } from './markdown-escape.js';
import type { DocsPage } from './page.js';

/**
 * The sections after the tools at heading `level`: resources, templates, prompts, UI resources.
 * `tool` makes the link to a tool's section: its anchor in a single file, its page when split.
 */
export function markdownEntities(
  page: DocsPage,
  level: number,
  tool: (anchor: string) => string,
): string[] {
  const h = '#'.repeat(level);
  const sub = '#'.repeat(level + 1);
  const inline = (piece: Inline): string => {
    if ('link' in piece) return `[${mdCode(piece.code)}](${tool(piece.link)})`;
    if ('code' in piece) return mdCode(piece.code);
    if ('text' in piece) return mdText(piece.text);
    return piece.note;
  };
  return entityGroups(page).flatMap((group) => [
    `<a id="${group.id}"></a>\n\n${h} ${group.title}`,
    ...group.entities.map((e) =>
      [
        `<a id="${e.anchor}"></a>`,
        `${sub} ${mdCode(e.name)}${e.title !== undefined ? ` ${mdText(e.title)}` : ''}`,
        ...(e.description !== undefined && e.description.trim() !== ''
          ? [mdParagraphs(e.description)]
          : []),
        e.facts.map((f) => `- **${f.term}:** ${f.value.map(inline).join('')}`).join('\n'),
      ].join('\n\n'),
    ),
  ]);
}
