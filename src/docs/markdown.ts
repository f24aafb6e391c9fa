import { mdCode, mdCodeBlock, mdParagraphs, mdText } from './markdown-escape.js';
import { markdownEntities } from './markdown-entities.js';
import type { DocsPage, ErrorDoc, ParameterRow, ToolDoc } from './page.js';
import { catalogCounts, DOCS_HEADER, serverLabel } from './text.js';

const ORIGINS: Readonly<Record<ToolDoc['result']['origin'], string>> = {
  declared: 'Declared by the server (`outputSchema`), and checked when a call returns.',
  override:
    "Written by hand in the config's `outputs`: not declared by the server, checked leniently as a hypothesis.",
  inferred:
    "**Sampled**: inferred by `mcp-codegen sample` from the tool's results, not declared by the server; checked leniently as a hypothesis.",
  untyped:
    'The server declares no `outputSchema`: the result is its content blocks (`ToolContent`).',
};

/** The whole catalog as one Markdown file (also llms-full.txt): server, tools, then the other entities. */
export function renderMarkdown(page: DocsPage): string {
  return document([
    ...serverPart(page),
    '## Tools',
    toolIndex(page, (tool) => `#${tool.anchor}`),
    ...page.tools.map((tool) => toolPart(tool, 3, '')),
    ...markdownEntities(page, 2, (anchor) => `#${anchor}`),
  ]);
}

/** The split layout's first page: the server, the tools linked to their pages, the other entities. */
export function renderMarkdownIndex(page: DocsPage): string {
  return document([
    ...serverPart(page),
    '## Tools',
    toolIndex(page, (tool) => tool.page),
    ...markdownEntities(page, 2, (anchor) => page.tools.find((t) => t.anchor === anchor)!.page),
  ]);
}

/** One tool's page of the split layout, linking back to the first page. */
export function renderMarkdownTool(page: DocsPage, tool: ToolDoc): string {
  return document([
    `[${mdText(serverLabel(page.server))}](../${page.index}) › Tools`,
    toolPart(tool, 1, `../${page.index}`),
  ]);
}

function document(blocks: string[]): string {
  return `<!-- ${DOCS_HEADER.replace(/--/g, '- -')} -->\n\n${blocks.filter((b) => b !== '').join('\n\n')}\n`;
}

function serverPart(page: DocsPage): string[] {
  const { server } = page;
  const facts = [
    ...(server.title !== undefined ? [`- **Name:** ${mdCode(server.name)}`] : []),
    ...(server.protocolVersion !== undefined
      ? [`- **Protocol:** ${mdCode(server.protocolVersion)}`]
      : []),
    ...(server.era !== undefined ? [`- **Era:** ${server.era}`] : []),
    ...(server.capabilities.length
      ? [`- **Capabilities:** ${server.capabilities.map((c) => mdCode(c)).join(', ')}`]
      : []),
    `- **Catalog:** ${catalogCounts(page)}`,
  ];
  return [
    `# ${mdText(serverLabel(server))}${server.version !== undefined ? ` ${mdText(server.version)}` : ''}`,
    facts.join('\n'),
    ...(server.instructions !== undefined
      ? ['## Instructions', mdParagraphs(server.instructions)]
      : []),
    '## Using the client',
    mdCodeBlock(server.usage, 'ts'),
    ...(page.runtimeErrors.length
      ? [
          '<a id="runtime-errors"></a>\n\n## Errors every tool can end in',
          "The runtime's own codes (`RuntimeErrorCode`, and `GuardErrorCode` with the config's `guard`), beside the codes each tool declares.",
          errorTable(page.runtimeErrors),
        ]
      : []),
  ];
}

function toolIndex(page: DocsPage, link: (tool: ToolDoc) => string): string {
  if (page.tools.length === 0) return 'The server lists no tools.';
  return table(
    ['Tool', 'Summary', 'Badges'],
    page.tools.map((tool) => [
      `[${mdCode(tool.name, true)}](${link(tool)})`,
      mdText(tool.summary),
      tool.badges.map((b) => mdCode(b.label, true)).join(' '),
    ]),
  );
}

/** A tool's section at heading `level`; `home` is the page the other entities' anchors are on. */
function toolPart(tool: ToolDoc, level: number, home: string): string {
  const h = '#'.repeat(level);
  const sub = '#'.repeat(Math.min(level + 1, 6));
  const parts = [
    `<a id="${tool.anchor}"></a>`,
    `${h} ${mdCode(tool.name)}${tool.title !== undefined ? ` ${mdText(tool.title)}` : ''}`,
    tool.badges.length
      ? tool.badges.map((b) => `${mdCode(b.label)}: ${mdText(b.meaning)}`).join('\\\n')
      : '',
    tool.description !== undefined && tool.description.trim() !== ''
      ? mdParagraphs(tool.description)
      : '*No description.*',
    `Client method: ${mdCode(tool.method)}${
      tool.uiResource
        ? `\\\nUI resource: ${tool.uiResource.anchor ? `[${mdCode(tool.uiResource.uri)}](${home}#${tool.uiResource.anchor})` : mdCode(tool.uiResource.uri)}`
        : ''
    }`,
    `${sub} Parameters`,
    tool.parameters.length ? parameterTable(tool.parameters) : '',
    tool.parametersNote ? mdText(tool.parametersNote) : '',
    `${sub} Result: ${mdCode(tool.result.typeName)}`,
    ORIGINS[tool.result.origin],
    tool.result.declarations ? mdCodeBlock(tool.result.declarations, 'ts') : '',
    `${sub} Errors`,
    tool.errors.length ? errorTable(tool.errors) : 'It declares no error codes.',
    `The runtime's own that can happen to it: ${tool.runtimeCodes.map((c) => mdCode(c)).join(', ')} ([what they mean](${home}#runtime-errors)).`,
    `${sub} Example`,
    tool.exampleNote ? mdText(tool.exampleNote) : '',
    mdCodeBlock(tool.example, 'ts'),
  ];
  return parts.filter((p) => p !== '').join('\n\n');
}

function parameterTable(rows: readonly ParameterRow[]): string {
  return table(
    ['Parameter', 'Type', 'Required', 'Default', 'Values', 'Constraints', 'Description'],
    rows.map((row) => [
      `${mdCode(row.path, true)}${row.deprecated ? ' (deprecated)' : ''}`,
      mdCode(row.type, true),
      row.required ? 'yes' : 'no',
      row.default !== undefined ? mdCode(row.default, true) : '',
      row.values.map((v) => mdCode(v, true)).join(', '),
      row.constraints.map((c) => mdText(c)).join('; '),
      row.description !== undefined ? mdText(row.description) : '',
    ]),
  );
}

function errorTable(errors: readonly ErrorDoc[]): string {
  return table(
    ['Code', 'Meaning', 'Constant', 'Declared in'],
    errors.map((e) => [
      mdCode(e.code, true),
      e.meaning !== undefined ? mdText(e.meaning) : '',
      e.constant !== undefined ? mdCode(e.constant, true) : '',
      mdText(e.source),
    ]),
  );
}

/** A GFM table; every cell is escaped by its caller (mdText, or mdCode for a table). */
function table(head: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const line = (cells: readonly string[]) => `| ${cells.map((c) => c || ' ').join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}
