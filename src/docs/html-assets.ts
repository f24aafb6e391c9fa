import { createHash } from 'node:crypto';

/**
 * The page's only style sheet and script, inline: the page loads nothing (the Content-Security-Policy
 * in its head allows these two by their hash and nothing else, no fetch, font, image or frame),
 * follows the system's light or dark setting, and reads whole with scripting off (the script only
 * adds the filter box and keys; the box is `hidden` until it runs). Neither holds server text.
 */
export const STYLE = `
:root { color-scheme: light dark; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --border: #d1d9e0;
  --panel: #f6f8fa; --accent: #0b5cad; --focus: #0969da; --mark: #fff8c5;
  --green: #1a7f37; --red: #cf222e; --blue: #0b5cad; --purple: #8250df; --orange: #bc4c00; --grey: #59636e; --yellow: #7d4e00; }
@media (prefers-color-scheme: dark) {
  :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --border: #3d444d; --panel: #151b23;
    --accent: #4493f8; --focus: #4493f8; --mark: #3b2e00;
    --green: #3fb950; --red: #f85149; --blue: #4493f8; --purple: #ab7df8; --orange: #f0883e; --grey: #9198a1; --yellow: #d29922; }
}
* { box-sizing: border-box; }
[hidden] { display: none !important; }
html { scroll-padding-top: 1rem; }
body { margin: 0; background: var(--bg); color: var(--fg); line-height: 1.5;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Liberation Sans", Arial, sans-serif; }
a { color: var(--accent); }
a:focus-visible, input:focus-visible, summary:focus-visible { outline: 2px solid var(--focus); outline-offset: 2px; }
code, pre, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.875rem; }
p, td, th, li, dd, h1, h2, h3 { overflow-wrap: anywhere; }
.skip { position: absolute; left: -999px; top: 0; background: var(--bg); padding: 0.5rem 1rem; }
.skip:focus { left: 0.5rem; z-index: 2; }
.layout { display: grid; grid-template-columns: 19rem minmax(0, 1fr); min-height: 100vh; }
nav.sidebar { position: sticky; top: 0; align-self: start; height: 100vh; overflow: auto;
  border-right: 1px solid var(--border); background: var(--panel); padding: 1rem; }
nav.sidebar h2 { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted); margin: 1rem 0 0.5rem; }
nav.sidebar ul { list-style: none; margin: 0; padding: 0; }
nav.sidebar li a { display: block; padding: 0.3rem 0.5rem; border-radius: 6px; text-decoration: none; color: var(--fg); }
nav.sidebar li a:hover, nav.sidebar li a:focus-visible { background: var(--bg); }
nav.sidebar .summary { display: block; color: var(--muted); font-size: 0.8rem; }
.filter label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
.filter input { width: 100%; padding: 0.4rem 0.6rem; border: 1px solid var(--border); border-radius: 6px;
  background: var(--bg); color: var(--fg); font: inherit; }
.filter .count { color: var(--muted); font-size: 0.8rem; margin: 0.25rem 0 0; min-height: 1.2em; }
main { padding: 1.5rem 2.5rem 4rem; max-width: 72rem; }
header h1 { margin: 0 0 0.25rem; font-size: 1.8rem; }
.version { color: var(--muted); font-weight: 400; font-size: 1.1rem; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; margin: 1rem 0; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; }
section.group { margin-top: 2.5rem; }
section.group > h2 { border-bottom: 1px solid var(--border); padding-bottom: 0.3rem; }
article.entity { border: 1px solid var(--border); border-radius: 8px; padding: 1rem 1.25rem; margin: 1.25rem 0; }
article.entity h3 { margin: 0; font-size: 1.2rem; display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: baseline; }
article.entity h3 a.anchor { text-decoration: none; color: var(--fg); font-size: 1.1rem; font-weight: 700; }
article.entity h3 .title { color: var(--muted); font-weight: 400; font-size: 1rem; }
article.entity:target { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent); }
th p, td p { margin: 0; } td p + p { margin-top: 0.4rem; }
article.entity h4 { margin: 1.1rem 0 0.4rem; font-size: 0.95rem; }
.badges { display: inline-flex; flex-wrap: wrap; gap: 0.3rem; margin: 0.4rem 0 0; padding: 0; list-style: none; }
.badge { display: inline-block; border: 1px solid currentColor; border-radius: 999px; padding: 0 0.5rem;
  font-size: 0.75rem; line-height: 1.4rem; font-weight: 600; }
nav.sidebar .badge { font-size: 0.68rem; line-height: 1.1rem; padding: 0 0.35rem; }
.badge.read-only { color: var(--green); } .badge.destructive { color: var(--red); }
.badge.idempotent { color: var(--blue); } .badge.open-world { color: var(--purple); }
.badge.app-only { color: var(--orange); } .badge.task { color: var(--grey); } .badge.sampled { color: var(--yellow); }
table { border-collapse: collapse; width: 100%; margin: 0.25rem 0; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; border: 1px solid var(--border); padding: 0.35rem 0.55rem; }
th { background: var(--panel); font-weight: 600; }
td.param { white-space: nowrap; }
td.param .depth { color: var(--muted); }
ul.plain { margin: 0; padding-left: 1.1rem; }
pre { background: var(--panel); border: 1px solid var(--border); border-radius: 6px; padding: 0.75rem 1rem; overflow: auto; }
.note { color: var(--muted); font-size: 0.9rem; }
.hidden-char { background: var(--mark); border: 1px dashed var(--red); border-radius: 3px; padding: 0 0.15rem; }
@media (max-width: 50rem) {
  .layout { display: block; }
  nav.sidebar { position: static; height: auto; border-right: 0; border-bottom: 1px solid var(--border); }
  main { padding: 1rem; }
}
@media print { nav.sidebar { display: none; } .layout { display: block; } }
`;

export const SCRIPT = `
(() => {
  const box = document.getElementById('filter');
  const list = document.getElementById('tool-list');
  if (!box || !list) return;
  document.getElementById('filter-box').hidden = false;
  const count = document.getElementById('filter-count');
  const none = document.getElementById('filter-none');
  const items = Array.from(list.children);
  const texts = items.map((item) => item.textContent.toLowerCase());
  const update = () => {
    const words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    let shown = 0;
    items.forEach((item, i) => {
      item.hidden = !words.every((word) => texts[i].includes(word));
      if (!item.hidden) shown++;
    });
    count.textContent = words.length ? shown + ' of ' + items.length + ' tools' : '';
    none.hidden = shown > 0;
  };
  const links = () => items.filter((item) => !item.hidden).map((item) => item.querySelector('a'));
  box.addEventListener('input', update);
  box.addEventListener('keydown', (event) => {
    const shown = links();
    if (event.key === 'Escape') { box.value = ''; update(); }
    else if (event.key === 'ArrowDown' && shown.length > 0) { event.preventDefault(); shown[0].focus(); }
    else if (event.key === 'Enter' && shown.length === 1) { event.preventDefault(); shown[0].click(); }
  });
  list.addEventListener('keydown', (event) => {
    const shown = links();
    const at = shown.indexOf(document.activeElement);
    if (at < 0) return;
    if (event.key === 'ArrowDown' && at + 1 < shown.length) { event.preventDefault(); shown[at + 1].focus(); }
    else if (event.key === 'ArrowUp') { event.preventDefault(); (at > 0 ? shown[at - 1] : box).focus(); }
    else if (event.key === 'Escape') { event.preventDefault(); box.focus(); }
  });
  document.addEventListener('keydown', (event) => {
    const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement;
    if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      box.focus();
      box.select();
    }
  });
})();
`;

/** The CSP source that allows exactly `text` as an inline style or script. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

/**
 * Nothing may load: no fetch, image, font, frame, form target or base URL; only the inline style and
 * script above, by hash. `img-src data:` is for the empty favicon, which keeps the browser from asking
 * the network for /favicon.ico.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src ${hashSource(STYLE)}`,
  `script-src ${hashSource(SCRIPT)}`,
  'img-src data:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
