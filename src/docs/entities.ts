import type { DocsPage, UiResourceDoc } from './page.js';

/**
 * A piece of an entity's fact, which each format prints its own way: server text, server text shown
 * as code, our own words, or a link to a tool's section (by its anchor) labelled with its name as code.
 */
export type Inline =
  { text: string } | { code: string } | { note: string } | { link: string; code: string };

export interface EntityDoc {
  anchor: string;
  /** Server text, as the heading names it. */
  name: string;
  title?: string;
  description?: string;
  facts: Array<{ term: string; value: Inline[] }>;
}

export interface EntityGroup {
  /** The section's id (a page id of ours). */
  id: 'resources' | 'templates' | 'prompts' | 'ui-resources';
  title: string;
  entities: EntityDoc[];
}

/** The groups after the tools, each when the server lists any, with their facts in a fixed order. */
export function entityGroups(page: DocsPage): EntityGroup[] {
  const groups = [
    group('resources', 'Resources', page.resources, (r) => [
      fact('URI', { code: r.uri }),
      ...mime(r.mimeType),
      fact('Read it', { code: r.call }),
    ]),
    group('templates', 'Resource templates', page.templates, (t) => [
      fact('URI template', { code: t.uriTemplate }),
      ...mime(t.mimeType),
      fact(
        'Variables',
        ...list(t.variables, (v) => [
          { code: v.name },
          ...(v.required ? [] : [{ note: ' (optional)' }]),
        ]),
      ),
      fact('Read it', { code: t.call }),
    ]),
    group('prompts', 'Prompts', page.prompts, (p) => [
      fact(
        'Arguments',
        ...list(
          p.arguments,
          (a) => [
            { code: a.name },
            ...(a.required ? [{ note: ' (required)' }] : []),
            ...(a.description !== undefined ? [{ note: ': ' }, { text: a.description }] : []),
          ],
          '; ',
        ),
      ),
      fact('Get it', { code: p.call }),
    ]),
    {
      id: 'ui-resources' as const,
      title: 'UI resources',
      entities: page.uiResources.map(uiResource),
    },
  ];
  return groups.filter((g) => g.entities.length > 0);
}

type Fact = EntityDoc['facts'][number];

function group<T extends { anchor: string; name: string; title?: string; description?: string }>(
  id: EntityGroup['id'],
  title: string,
  items: readonly T[],
  facts: (item: T) => Fact[],
): EntityGroup {
  return {
    id,
    title,
    entities: items.map((item) => ({
      anchor: item.anchor,
      name: item.name,
      ...(item.title !== undefined ? { title: item.title } : {}),
      ...(item.description !== undefined ? { description: item.description } : {}),
      facts: facts(item),
    })),
  };
}

/** A UI resource: what its Content-Security-Policy lets it reach is what a reviewer looks at first. */
function uiResource(r: UiResourceDoc): EntityDoc {
  const csp = r.csp.length
    ? list(
        r.csp,
        (c) => [{ code: c.directive }, { note: ': ' }, ...list(c.domains, (d) => [{ code: d }])],
        '; ',
      )
    : [{ note: 'none declared' }];
  return {
    anchor: r.anchor,
    name: r.uri,
    facts: [
      ...mime(r.mimeType),
      fact('CSP', ...csp),
      ...(r.permissions.length
        ? [fact('Permissions', ...list(r.permissions, (p) => [{ code: p }]))]
        : []),
      ...(r.domain !== undefined ? [fact('Domain', { code: r.domain })] : []),
      ...(r.prefersBorder !== undefined
        ? [fact('Prefers a border', { note: r.prefersBorder ? 'yes' : 'no' })]
        : []),
      ...(r.sha256 !== undefined
        ? [fact('Content', { note: `${r.bytes ?? '?'} bytes, sha256 ` }, { code: r.sha256 })]
        : []),
      ...(r.error !== undefined ? [fact('Read failed', { text: r.error })] : []),
      fact(
        'Used by',
        ...(r.tools.length
          ? list(r.tools, (t) => [{ link: t.anchor, code: t.name }])
          : [{ note: 'no listed tool' }]),
      ),
    ],
  };
}

function fact(term: string, ...value: Inline[]): Fact {
  return { term, value };
}

function mime(type: string | undefined) {
  return type === undefined ? [] : [fact('MIME type', { code: type })];
}

/** Items, each printed by `item`, with `separator` between them; `none` for no item. */
function list<T>(items: readonly T[], item: (value: T) => Inline[], separator = ', '): Inline[] {
  if (items.length === 0) return [{ note: 'none' }];
  return items.flatMap((value, i) => [...(i > 0 ? [{ note: separator }] : []), ...item(value)]);
}
