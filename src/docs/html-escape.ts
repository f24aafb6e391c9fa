import { hiddenRuns } from '../shared/hidden-text.js';

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Text made inert in HTML, in element content and in quoted attribute values alike: the five
 * characters that can end a text run, open a tag or an entity, or close an attribute. Every
 * string of the page goes through here or through `serverText`, ours included.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * Server text for the page: escaped, and each character a reader would not see (zero-width,
 * bidi controls, tag characters, control characters, line separators) shown as its escape in a
 * marked span, so the page cannot hide or reorder what the server sent.
 */
export function serverText(text: string): string {
  return hiddenRuns(text)
    .map((run) =>
      run.hidden
        ? `<span class="hidden-char" title="a hidden character the server sent">${escapeHtml(run.text)}</span>`
        : escapeHtml(run.text),
    )
    .join('');
}

/** A description as paragraphs (blank lines) and line breaks, every piece of it server text. */
export function serverParagraphs(text: string): string {
  return text
    .trim()
    .split(/\r?\n[ \t]*\r?\n/)
    .map((paragraph) => `<p>${paragraph.split(/\r?\n/).map(serverText).join('<br>\n')}</p>`)
    .join('\n');
}
