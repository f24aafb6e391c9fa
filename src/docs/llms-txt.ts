import { mdCode, mdParagraphs, mdText } from './markdown-escape.js';
import { renderMarkdown } from './markdown.js';
import type { DocsPage, ToolDoc } from './page.js';
import { catalogCounts, serverLabel } from './text.js';

/**
 * The llms.txt index (llmstxt.org): an H1 with the server's name, a one-paragraph summary in a
 * quote, the instructions, then a list per kind of entity. Each tool's entry says what it does and
 * what it takes; with `full` (the name of llms-full.txt beside it), each entry links to its section
 * there, the whole catalog
 * as Markdown. Server text is escaped as in the Markdown docs.
 */
export function renderLlmsIndex(page: DocsPage, full: string | undefined): string {
  const { server } = page;
  const facts = [
    `MCP server ${mdText(server.name)}${server.version !== undefined ? ` ${mdText(server.version)}` : ''}`,
    ...(server.protocolVersion !== undefined ? [`protocol ${mdText(server.protocolVersion)}`] : []),
  ].join(', ');
  const counts = catalogCounts(page);
  const link = (name: string, anchor: string) =>
    full !== undefined ? `[${mdText(name)}](${full}#${anchor})` : mdCode(name);
  const blocks = [
    `# ${mdText(serverLabel(server))}`,
    `> ${facts}: ${counts}. Each tool is a method of the generated TypeScript client.`,
    ...(server.instructions !== undefined ? [mdParagraphs(server.instructions)] : []),
    '## Tools',
    page.tools.length
      ? page.tools.map((tool) => `- ${link(tool.name, tool.anchor)}: ${toolLine(tool)}`).join('\n')
      : 'None.',
  ];
  const list = (title: string, lines: string[]) =>
    lines.length ? [`## ${title}`, lines.join('\n')] : [];
  blocks.push(
    ...list(
      'Resources',
      page.resources.map(
        (r) =>
          `- ${link(r.name, r.anchor)}: ${mdCode(r.uri)}${r.mimeType !== undefined ? ` (${mdText(r.mimeType)})` : ''}${r.description !== undefined ? ` ${mdText(r.description)}` : ''}`,
      ),
    ),
    ...list(
      'Resource templates',
      page.templates.map(
        (t) =>
          `- ${link(t.name, t.anchor)}: ${mdCode(t.uriTemplate)}${t.description !== undefined ? ` ${mdText(t.description)}` : ''}`,
      ),
    ),
    ...list(
      'Prompts',
      page.prompts.map(
        (p) =>
          `- ${link(p.name, p.anchor)}: ${p.description !== undefined ? mdText(p.description) : 'no description'}${
            p.arguments.length
              ? ` Arguments: ${p.arguments.map((a) => `${mdCode(a.name)}${a.required ? ' (required)' : ''}`).join(', ')}.`
              : ''
          }`,
      ),
    ),
  );
  if (full !== undefined)
    blocks.push(
      '## Optional',
      `- [Full reference](${full}): every tool's parameters, result type, errors and an example call`,
    );
  return `${blocks.join('\n\n')}\n`;
}

/** llms-full.txt: the whole catalog, as the single-file Markdown docs have it. */
export function renderLlmsFull(page: DocsPage): string {
  return renderMarkdown(page);
}

/** What a tool does and takes, on one line: its summary, hints, and its top-level parameters. */
function toolLine(tool: ToolDoc): string {
  const text = tool.summary.trim() === '' ? 'No description.' : tool.summary.trim();
  const summary = mdText(/[.!?…:]$/.test(text) ? text : `${text}.`);
  const hints = tool.badges.length ? ` Hints: ${tool.badges.map((b) => b.label).join(', ')}.` : '';
  const top = tool.parameters.filter((p) => p.depth === 0);
  const takes = top.length
    ? ` Takes ${top
        .map((p) => `${mdCode(p.path)} ${mdText(p.type)}${p.required ? ', required' : ''}`)
        .join('; ')}.`
    : '';
  return `${summary}${hints}${takes}`;
}
