import { CONTENT_SECURITY_POLICY, SCRIPT, STYLE } from './html-assets.js';
import { escapeHtml, serverParagraphs, serverText } from './html-escape.js';
import { entitySections } from './html-entities.js';
import { badgeList, errorTable, toolSection } from './html-tool.js';
import type { DocsPage } from './page.js';
import { plural } from '../shared/plural.js';
import { catalogCounts, DOCS_HEADER, serverLabel } from './text.js';

/**
 * The page as one self-contained HTML file: inline style and script only, a Content-Security-Policy
 * that allows nothing else, every piece of server text escaped (html-escape.ts), and everything
 * readable with scripting off. The sidebar lists the tools (with a filter box once the script
 * runs, `/` to reach it, arrow keys through the list) and the other entities; `main` has one
 * section per entity, each with an anchor.
 */
export function renderHtml(page: DocsPage): string {
  const { server } = page;
  const label = serverLabel(server);
  return `<!doctype html>
<!-- ${escapeHtml(DOCS_HEADER)} -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CONTENT_SECURITY_POLICY)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="mcp-codegen docs">
<link rel="icon" href="data:,">
<title>${serverText(label)} · MCP server reference</title>
<style>${STYLE}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<div class="layout">
${sidebar(page)}
<main id="main">
${header(page)}
<section class="group" id="tools" aria-labelledby="tools-heading">
<h2 id="tools-heading">Tools <span class="version">${plural(page.tools.length, 'tool')}</span></h2>
${page.tools.length === 0 ? '<p class="note">The server lists no tools.</p>' : page.tools.map(toolSection).join('\n')}
</section>
${entitySections(page)}
</main>
</div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function sidebar(page: DocsPage): string {
  const tools = page.tools
    .map(
      (tool) =>
        `<li><a href="#${escapeHtml(tool.anchor)}"><span class="mono">${serverText(tool.name)}</span>${
          tool.badges.length ? ` ${badgeList(tool.badges)}` : ''
        }${tool.summary ? `<span class="summary">${serverText(tool.summary)}</span>` : ''}</a></li>`,
    )
    .join('\n');
  const others = [
    ['resources', 'Resources', page.resources.length],
    ['templates', 'Resource templates', page.templates.length],
    ['prompts', 'Prompts', page.prompts.length],
    ['ui-resources', 'UI resources', page.uiResources.length],
  ] as const;
  const more = others
    .filter(([, , count]) => count > 0)
    .map(([id, title, count]) => `<li><a href="#${id}">${title} (${count})</a></li>`)
    .join('\n');
  return `<nav class="sidebar" aria-label="Contents">
<p><a href="#server">${serverText(serverLabel(page.server))}</a></p>
<div class="filter" id="filter-box" hidden>
<label for="filter">Filter tools</label>
<input id="filter" type="search" autocomplete="off" spellcheck="false" placeholder="Name or words (press /)" aria-describedby="filter-count">
<p class="count" id="filter-count" aria-live="polite"></p>
</div>
<h2>Tools</h2>
<ul id="tool-list">
${tools}
</ul>
<p class="note" id="filter-none" hidden>No tool matches.</p>
${more ? `<h2>More</h2>\n<ul>\n${more}\n</ul>` : ''}
</nav>`;
}

function header(page: DocsPage): string {
  const { server } = page;
  const facts: Array<[string, string]> = [];
  if (server.title !== undefined) facts.push(['Name', `<code>${serverText(server.name)}</code>`]);
  if (server.protocolVersion !== undefined)
    facts.push(['Protocol', serverText(server.protocolVersion)]);
  if (server.era !== undefined) facts.push(['Era', escapeHtml(server.era)]);
  if (server.capabilities.length > 0)
    facts.push(['Capabilities', server.capabilities.map(serverText).join(', ')]);
  facts.push(['Catalog', catalogCounts(page)]);
  const legend = [...new Map(page.tools.flatMap((t) => t.badges).map((b) => [b.id, b])).values()];
  return `<header id="server">
<h1>${serverText(serverLabel(server))}${server.version !== undefined ? ` <span class="version">${serverText(server.version)}</span>` : ''}</h1>
<dl class="facts">
${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('\n')}
</dl>
${server.instructions !== undefined ? `<h2>Instructions</h2>\n<div class="instructions">${serverParagraphs(server.instructions)}</div>` : ''}
<h2>Using the client</h2>
<pre><code>${escapeHtml(server.usage)}</code></pre>
${
  page.runtimeErrors.length
    ? `<h2 id="runtime-errors">Errors every tool can end in</h2>\n<p class="note">The runtime’s own codes (<code>RuntimeErrorCode</code>, and <code>GuardErrorCode</code> with the config’s <code>guard</code>), beside the codes each tool declares.</p>\n${errorTable(page.runtimeErrors)}`
    : ''
}
${
  legend.length
    ? `<h2>Badges</h2>\n<p class="note">Hints the server declares: its own word, shown for review.</p>\n<dl class="facts">\n${legend
        .map(
          (b) =>
            `<dt><span class="badge ${escapeHtml(b.id)}">${escapeHtml(b.label.replace(/:.*/, ''))}</span></dt><dd>${escapeHtml(b.meaning)}</dd>`,
        )
        .join('\n')}\n</dl>`
    : ''
}
</header>`;
}
