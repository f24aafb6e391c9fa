import { entityGroups, type EntityDoc, type Inline } from './entities.js';
import { escapeHtml, serverParagraphs, serverText } from './html-escape.js';
import type { DocsPage } from './page.js';

/** The sections after the tools: resources, templates, prompts and UI resources, each when listed. */
export function entitySections(page: DocsPage): string {
  return entityGroups(page)
    .map(
      (group) => `<section class="group" id="${group.id}" aria-labelledby="${group.id}-heading">
<h2 id="${group.id}-heading">${escapeHtml(group.title)}</h2>
${group.entities.map(entity).join('\n')}
</section>`,
    )
    .join('\n');
}

function entity(e: EntityDoc): string {
  const id = escapeHtml(e.anchor);
  return `<article class="entity" id="${id}">
<h3><a class="anchor mono" href="#${id}">${serverText(e.name)}</a>${e.title !== undefined ? ` <span class="title">${serverText(e.title)}</span>` : ''}</h3>
${e.description !== undefined && e.description.trim() !== '' ? serverParagraphs(e.description) : ''}
<dl class="facts">
${e.facts.map((f) => `<dt>${escapeHtml(f.term)}</dt><dd>${f.value.map(inline).join('')}</dd>`).join('\n')}
</dl>
</article>`;
}

function inline(piece: Inline): string {
  if ('link' in piece)
    return `<a href="#${escapeHtml(piece.link)}"><code>${serverText(piece.code)}</code></a>`;
  if ('code' in piece) return `<code>${serverText(piece.code)}</code>`;
  if ('text' in piece) return serverText(piece.text);
  return escapeHtml(piece.note);
}
