import { escapeHtml, serverParagraphs, serverText } from './html-escape.js';
import type { Badge, ErrorDoc, ParameterRow, ToolDoc } from './page.js';

const ORIGINS: Readonly<Record<ToolDoc['result']['origin'], string>> = {
  declared: 'Declared by the server (<code>outputSchema</code>), and checked when a call returns.',
  override:
    'Written by hand in the config’s <code>outputs</code>: not declared by the server, checked leniently as a hypothesis.',
  inferred:
    '<strong>Sampled</strong>: inferred by <code>mcp-codegen sample</code> from the tool’s results, not declared by the server; checked leniently as a hypothesis.',
  untyped:
    'The server declares no <code>outputSchema</code>: the result is its content blocks (<code>ToolContent</code>).',
};

/** A tool's badges, as inline spans (they sit inside the sidebar's links too). */
export function badgeList(badges: readonly Badge[]): string {
  return `<span class="badges">${badges
    .map(
      (b) =>
        `<span class="badge ${escapeHtml(b.id)}" title="${escapeHtml(b.meaning)}">${escapeHtml(b.label)}</span>`,
    )
    .join('')}</span>`;
}

/** One tool's section: heading with its anchor, badges, description, parameters, result, errors, example. */
export function toolSection(tool: ToolDoc): string {
  const anchor = escapeHtml(tool.anchor);
  const parts = [
    `<article class="entity tool" id="${anchor}" aria-labelledby="${anchor}-name">`,
    `<h3 id="${anchor}-name"><a class="anchor mono" href="#${anchor}">${serverText(tool.name)}</a>${
      tool.title !== undefined ? ` <span class="title">${serverText(tool.title)}</span>` : ''
    }</h3>`,
    tool.badges.length ? `<p>${badgeList(tool.badges)}</p>` : '',
    tool.description !== undefined && tool.description.trim() !== ''
      ? `<div class="description">${serverParagraphs(tool.description)}</div>`
      : '<p class="note">No description.</p>',
    `<p class="note">Client method: <code>${escapeHtml(tool.method)}</code></p>`,
    tool.uiResource
      ? `<p class="note">UI resource: ${
          tool.uiResource.anchor
            ? `<a href="#${escapeHtml(tool.uiResource.anchor)}"><code>${serverText(tool.uiResource.uri)}</code></a>`
            : `<code>${serverText(tool.uiResource.uri)}</code>`
        }</p>`
      : '',
    '<h4>Parameters</h4>',
    tool.parameters.length ? parameterTable(tool.parameters) : '',
    tool.parametersNote ? `<p class="note">${escapeHtml(tool.parametersNote)}</p>` : '',
    `<h4>Result: <code>${escapeHtml(tool.result.typeName)}</code></h4>`,
    `<p class="note">${ORIGINS[tool.result.origin]}</p>`,
    tool.result.declarations
      ? `<pre><code>${serverText(tool.result.declarations)}</code></pre>`
      : '',
    '<h4>Errors</h4>',
    tool.errors.length
      ? errorTable(tool.errors)
      : '<p class="note">It declares no error codes.</p>',
    `<p class="note">The runtime’s own that can happen to it: ${tool.runtimeCodes
      .map((code) => `<code>${escapeHtml(code)}</code>`)
      .join(', ')} (<a href="#runtime-errors">what they mean</a>).</p>`,
    '<h4>Example</h4>',
    tool.exampleNote ? `<p class="note">${escapeHtml(tool.exampleNote)}</p>` : '',
    `<pre><code>${serverText(tool.example)}</code></pre>`,
    '</article>',
  ];
  return parts.filter((p) => p !== '').join('\n');
}

function parameterTable(rows: readonly ParameterRow[]): string {
  const body = rows.map((row) => {
    const cells = [
      `<td class="param"><code>${serverText(row.path)}</code>${row.deprecated ? ' <span class="note">(deprecated)</span>' : ''}</td>`,
      `<td><code>${serverText(row.type)}</code></td>`,
      `<td>${row.required ? 'yes' : 'no'}</td>`,
      `<td>${row.default !== undefined ? `<code>${serverText(row.default)}</code>` : ''}</td>`,
      `<td>${row.values.map((v) => `<code>${serverText(v)}</code>`).join(', ')}</td>`,
      `<td>${row.constraints.map(serverText).join('<br>')}</td>`,
      `<td>${row.description !== undefined ? serverParagraphs(row.description) : ''}</td>`,
    ];
    return `<tr>${cells.join('')}</tr>`;
  });
  return `<table>
<thead><tr><th scope="col">Parameter</th><th scope="col">Type</th><th scope="col">Required</th><th scope="col">Default</th><th scope="col">Values</th><th scope="col">Constraints</th><th scope="col">Description</th></tr></thead>
<tbody>
${body.join('\n')}
</tbody>
</table>`;
}

/** Codes, their meaning, the client's constant and where each is declared. */
export function errorTable(errors: readonly ErrorDoc[]): string {
  const rows = errors.map(
    (e) =>
      `<tr><td><code>${serverText(e.code)}</code></td><td>${e.meaning !== undefined ? serverText(e.meaning) : ''}</td><td>${
        e.constant !== undefined ? `<code>${escapeHtml(e.constant)}</code>` : ''
      }</td><td>${escapeHtml(e.source)}</td></tr>`,
  );
  return `<table>
<thead><tr><th scope="col">Code</th><th scope="col">Meaning</th><th scope="col">Constant</th><th scope="col">Declared in</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody>
</table>`;
}
