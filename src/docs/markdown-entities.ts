import { mdCode, mdParagraphs, mdText } from './markdown-escape.js';
import type { DocsPage } from './page.js';

/** The sections after the tools, at heading `level`: resources, templates, prompts, UI resources. */
export function markdownEntities(page: DocsPage, level: number): string[] {
  const h = '#'.repeat(level);
  const sub = '#'.repeat(level + 1);
  const entity = (
    anchor: string,
    name: string,
    title: string | undefined,
    description: string | undefined,
    facts: string[],
  ) =>
    [
      `<a id="${anchor}"></a>`,
      `${sub} ${mdCode(name)}${title !== undefined ? ` ${mdText(title)}` : ''}`,
      ...(description !== undefined && description.trim() !== ''
        ? [mdParagraphs(description)]
        : []),
      facts.map((f) => `- ${f}`).join('\n'),
    ].join('\n\n');
  const mime = (type: string | undefined) =>
    type === undefined ? [] : [`**MIME type:** ${mdCode(type)}`];
  const out: string[] = [];
  if (page.resources.length > 0)
    out.push(
      `<a id="resources"></a>\n\n${h} Resources`,
      ...page.resources.map((r) =>
        entity(r.anchor, r.name, r.title, r.description, [
          `**URI:** ${mdCode(r.uri)}`,
          ...mime(r.mimeType),
          `**Read it:** ${mdCode(r.call)}`,
        ]),
      ),
    );
  if (page.templates.length > 0)
    out.push(
      `<a id="templates"></a>\n\n${h} Resource templates`,
      ...page.templates.map((t) =>
        entity(t.anchor, t.name, t.title, t.description, [
          `**URI template:** ${mdCode(t.uriTemplate)}`,
          ...mime(t.mimeType),
          `**Variables:** ${
            t.variables.length
              ? t.variables
                  .map((v) => `${mdCode(v.name)}${v.required ? '' : ' (optional)'}`)
                  .join(', ')
              : 'none'
          }`,
          `**Read it:** ${mdCode(t.call)}`,
        ]),
      ),
    );
  if (page.prompts.length > 0)
    out.push(
      `<a id="prompts"></a>\n\n${h} Prompts`,
      ...page.prompts.map((p) =>
        entity(p.anchor, p.name, p.title, p.description, [
          `**Arguments:** ${
            p.arguments.length
              ? p.arguments
                  .map(
                    (a) =>
                      `${mdCode(a.name)}${a.required ? ' (required)' : ''}${a.description !== undefined ? ` ${mdText(`(${a.description})`)}` : ''}`,
                  )
                  .join(', ')
              : 'none'
          }`,
          `**Get it:** ${mdCode(p.call)}`,
        ]),
      ),
    );
  if (page.uiResources.length > 0)
    out.push(
      `<a id="ui-resources"></a>\n\n${h} UI resources`,
      ...page.uiResources.map((r) =>
        entity(r.anchor, r.uri, undefined, undefined, [
          ...mime(r.mimeType),
          `**CSP:** ${
            r.csp.length
              ? r.csp
                  .map(
                    (c) =>
                      `${mdCode(c.directive)}: ${c.domains.length ? c.domains.map((d) => mdCode(d)).join(', ') : 'none'}`,
                  )
                  .join('; ')
              : 'none declared'
          }`,
          ...(r.permissions.length
            ? [`**Permissions:** ${r.permissions.map((p) => mdCode(p)).join(', ')}`]
            : []),
          ...(r.domain !== undefined ? [`**Domain:** ${mdCode(r.domain)}`] : []),
          ...(r.prefersBorder !== undefined
            ? [`**Prefers a border:** ${r.prefersBorder ? 'yes' : 'no'}`]
            : []),
          ...(r.sha256 !== undefined
            ? [`**Content:** ${r.bytes ?? '?'} bytes, sha256 ${mdCode(r.sha256)}`]
            : []),
          ...(r.error !== undefined ? [`**Read failed:** ${mdText(r.error)}`] : []),
          `**Used by:** ${r.tools.length ? r.tools.map((t) => mdCode(t.name)).join(', ') : 'no listed tool'}`,
        ]),
      ),
    );
  return out;
}
