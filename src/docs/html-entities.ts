import { escapeHtml, serverParagraphs, serverText } from './html-escape.js';
import type { DocsPage, UiResourceDoc } from './page.js';

/** The sections after the tools: resources, templates, prompts and UI resources, each when listed. */
export function entitySections(page: DocsPage): string {
  const sections: string[] = [];
  if (page.resources.length > 0)
    sections.push(
      group(
        'resources',
        'Resources',
        page.resources.map((r) =>
          entity(r.anchor, r.name, r.title, r.description, [
            ['URI', `<code>${serverText(r.uri)}</code>`],
            ...mime(r.mimeType),
            ['Read it', `<code>${escapeHtml(r.call)}</code>`],
          ]),
        ),
      ),
    );
  if (page.templates.length > 0)
    sections.push(
      group(
        'templates',
        'Resource templates',
        page.templates.map((t) =>
          entity(t.anchor, t.name, t.title, t.description, [
            ['URI template', `<code>${serverText(t.uriTemplate)}</code>`],
            ...mime(t.mimeType),
            [
              'Variables',
              t.variables.length
                ? t.variables
                    .map(
                      (v) => `<code>${serverText(v.name)}</code>${v.required ? '' : ' (optional)'}`,
                    )
                    .join(', ')
                : 'none',
            ],
            ['Read it', `<code>${escapeHtml(t.call)}</code>`],
          ]),
        ),
      ),
    );
  if (page.prompts.length > 0)
    sections.push(
      group(
        'prompts',
        'Prompts',
        page.prompts.map((p) =>
          entity(p.anchor, p.name, p.title, p.description, [
            [
              'Arguments',
              p.arguments.length
                ? `<ul class="plain">${p.arguments
                    .map(
                      (a) =>
                        `<li><code>${serverText(a.name)}</code>${a.required ? ' (required)' : ''}${
                          a.description !== undefined ? `: ${serverText(a.description)}` : ''
                        }</li>`,
                    )
                    .join('')}</ul>`
                : 'none',
            ],
            ['Get it', `<code>${escapeHtml(p.call)}</code>`],
          ]),
        ),
      ),
    );
  if (page.uiResources.length > 0)
    sections.push(group('ui-resources', 'UI resources', page.uiResources.map(uiResource)));
  return sections.join('\n');
}

function group(id: string, title: string, entities: string[]): string {
  return `<section class="group" id="${id}" aria-labelledby="${id}-heading">
<h2 id="${id}-heading">${title}</h2>
${entities.join('\n')}
</section>`;
}

function entity(
  anchor: string,
  name: string,
  title: string | undefined,
  description: string | undefined,
  facts: Array<[string, string]>,
): string {
  const id = escapeHtml(anchor);
  return `<article class="entity" id="${id}">
<h3><a class="anchor mono" href="#${id}">${serverText(name)}</a>${title !== undefined ? ` <span class="title">${serverText(title)}</span>` : ''}</h3>
${description !== undefined && description.trim() !== '' ? serverParagraphs(description) : ''}
<dl class="facts">
${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n')}
</dl>
</article>`;
}

function mime(type: string | undefined): Array<[string, string]> {
  return type === undefined ? [] : [['MIME type', `<code>${serverText(type)}</code>`]];
}

/** A UI resource: what its Content-Security-Policy lets it reach is what a reviewer looks at first. */
function uiResource(r: UiResourceDoc): string {
  const facts: Array<[string, string]> = [...mime(r.mimeType)];
  facts.push([
    'CSP',
    r.csp.length
      ? `<ul class="plain">${r.csp
          .map(
            (c) =>
              `<li><code>${escapeHtml(c.directive)}</code>: ${
                c.domains.length
                  ? c.domains.map((d) => `<code>${serverText(d)}</code>`).join(', ')
                  : 'none'
              }</li>`,
          )
          .join('')}</ul>`
      : 'none declared',
  ]);
  if (r.permissions.length)
    facts.push([
      'Permissions',
      r.permissions.map((p) => `<code>${serverText(p)}</code>`).join(', '),
    ]);
  if (r.domain !== undefined) facts.push(['Domain', `<code>${serverText(r.domain)}</code>`]);
  if (r.prefersBorder !== undefined)
    facts.push(['Prefers a border', r.prefersBorder ? 'yes' : 'no']);
  if (r.sha256 !== undefined)
    facts.push(['Content', `${r.bytes ?? '?'} bytes, sha256 <code>${serverText(r.sha256)}</code>`]);
  if (r.error !== undefined) facts.push(['Read failed', serverText(r.error)]);
  facts.push([
    'Used by',
    r.tools.length
      ? r.tools
          .map((t) => `<a href="#${escapeHtml(t.anchor)}"><code>${serverText(t.name)}</code></a>`)
          .join(', ')
      : 'no listed tool',
  ]);
  return entity(r.anchor, r.uri, undefined, undefined, facts);
}
