/**
 * The HTML docs in a real browser: Debian's Chromium, headless, driven by playwright-core (one
 * browser for the file, one page per catalog). For the bundled example, every fixture catalog,
 * the markup-hostile catalog and every shared catalog: no console error, no request but the page
 * itself, every in-page link resolves, the filter box narrows the tool list, and server text stays
 * text (no script of theirs runs, no element of theirs exists). Then the keyboard, the page with
 * scripting off, and one golden screenshot per theme, compared with a tolerance.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { after, before, test } from 'node:test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import type { BrowserContext, Page } from 'playwright-core';
import { renderDocs } from '../src/docs/render.js';
import { buildClientModel } from '../src/model/build.js';
import { readSnapshotFile } from '../src/snapshot/index.js';
import { chromiumStatus, launchChromium, openDocsPage } from './helpers/browser.js';
import { fixtureCatalogs, repoRoot, sharedCatalogs } from './helpers/paths.js';

const chromium = chromiumStatus();
const skip = chromium.skip;

test(
  'Chromium is here to drive (a failure under CI=true when it is not)',
  { skip: chromium.fail ? false : skip },
  () => {
    if (chromium.fail) assert.fail(chromium.fail);
  },
);
const example = join(repoRoot, 'examples/weather/weather.snapshot.json');
const markupHostile = join(repoRoot, 'fixtures/docs/hostile-markup.json');
const shared = sharedCatalogs();
const catalogs = [example, ...fixtureCatalogs(), markupHostile, ...shared.files];
const SCREENSHOTS = join(repoRoot, 'fixtures/docs/screenshots');

let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
let context: BrowserContext | undefined;
before(async () => {
  if (skip) return;
  browser = await launchChromium();
  context = await browser.context();
});
after(async () => browser?.close());

async function htmlOf(file: string): Promise<{ html: string; tools: string[] }> {
  const snapshot = await readSnapshotFile(file);
  const name = basename(file).replace(/(\.snapshot)?\.json$/, '');
  const model = buildClientModel(snapshot, { name });
  const [page] = await renderDocs(
    { snapshot, model, importPath: `./${name}/index.js` },
    { format: 'html', out: '/docs/page.html' },
  );
  return { html: page!.content, tools: model.tools.map((t) => t.tool.name) };
}

interface PageState {
  foreign: string[];
  pwned: unknown;
  scripts: number;
  styles: number;
  tools: string[];
  listed: number;
  broken: string[];
  filterShown: boolean;
  first: string | undefined;
  byFirst: string[];
  none: number;
  noneSaid: boolean;
  afterEscape: number;
}

/**
 * What the page has that its server could have injected (ours is one script, one style, a filter
 * input and links inside the page), and how the filter box behaves, in one round trip: typing the
 * first tool's name, then a name no tool has, then Escape. Source text, not a function: tsx would
 * put its own helpers into a function's text, which the page does not have.
 */
const INSPECT = `(() => {
  const foreign = [];
  const tags = 'img, iframe, frame, object, embed, link:not([rel="icon"]), base, form, svg, video, audio, source, meta[http-equiv="refresh"], template, textarea, button, input:not(#filter)';
  for (const element of document.querySelectorAll(tags)) foreign.push(element.outerHTML.slice(0, 80));
  for (const element of document.querySelectorAll('*'))
    for (const attribute of element.attributes)
      if (attribute.name.startsWith('on')) foreign.push(element.tagName + ' ' + attribute.name);
  for (const anchor of document.querySelectorAll('a[href]'))
    if (!anchor.getAttribute('href').startsWith('#')) foreign.push('a href=' + anchor.getAttribute('href'));
  const box = document.getElementById('filter');
  const visible = () => Array.from(document.querySelectorAll('#tool-list > li')).filter((li) => !li.hidden);
  const type = (text) => {
    box.value = text;
    box.dispatchEvent(new Event('input'));
    return visible().map((li) => li.textContent);
  };
  const first = Array.from(document.querySelectorAll('#tool-list > li .mono')).map((n) => n.textContent).sort()[0];
  const byFirst = first === undefined ? [] : type(first);
  const none = type('no tool is called this \\u2603').length;
  const noneSaid = !document.getElementById('filter-none').hidden;
  box.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  return {
    foreign,
    pwned: window.__pwned,
    scripts: document.scripts.length,
    styles: document.querySelectorAll('style').length,
    tools: Array.from(document.querySelectorAll('article.tool h3 a.anchor')).map((a) => a.textContent),
    listed: document.querySelectorAll('#tool-list > li').length,
    broken: Array.from(document.querySelectorAll('a[href^="#"]'))
      .map((a) => a.getAttribute('href').slice(1))
      .filter((id) => document.getElementById(id) === null),
    filterShown: !document.getElementById('filter-box').hidden,
    first,
    byFirst,
    none,
    noneSaid,
    afterEscape: visible().length,
  };
})()`;

for (const file of catalogs) {
  const label = file.startsWith(repoRoot) ? file.slice(repoRoot.length + 1) : basename(file);
  test(
    `${label}: no console error, no request but the page, links resolve, the filter narrows, server text stays text`,
    { skip },
    async () => {
      const { html, tools } = await htmlOf(file);
      const { page, requests, errors } = await openDocsPage(context!, html);
      try {
        const state = (await page.evaluate(INSPECT)) as PageState;
        assert.equal(state.pwned, undefined, 'a script of the server ran');
        assert.deepEqual([state.scripts, state.styles, state.foreign], [1, 1, []]);
        // Every tool has its section, under its name as sent (text, not markup), and a list entry;
        // every link in the page (the list's, the UI resources', the tools') has its target.
        assert.deepEqual([...state.tools].sort(), [...tools].sort());
        assert.equal(state.listed, tools.length);
        assert.deepEqual(state.broken, []);
        assert.equal(state.filterShown, true);
        if (tools.length >= 2) {
          const { first, byFirst } = state;
          assert.ok(
            byFirst.length >= 1 && byFirst.length < tools.length,
            `${byFirst.length} of ${tools.length} after filtering by ${first}`,
          );
          assert.ok(
            byFirst.every((text) => text.toLowerCase().includes(first!.toLowerCase())),
            byFirst.join(' | '),
          );
          assert.deepEqual([state.none, state.noneSaid], [0, true]);
        }
        assert.equal(state.afterEscape, tools.length);
        assert.deepEqual(requests, ['http://docs.test/page.html']);
        assert.deepEqual(errors, []);
      } finally {
        await page.close();
      }
    },
  );
}

/** `body` on the page of `file`, opened in `on` (scripting on unless told), closed after. */
async function onPage(file: string, body: (page: Page) => Promise<void>, on = context!) {
  const { html } = await htmlOf(file);
  const { page, requests, errors } = await openDocsPage(on, html);
  try {
    await body(page);
    assert.deepEqual(requests, ['http://docs.test/page.html']);
    assert.deepEqual(errors, []);
  } finally {
    await page.close();
  }
}

const activeHref = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('href'));

test('the markup-hostile catalog renders as the text it sent', { skip }, () =>
  onPage(markupHostile, async (page) => {
    const text = await page.evaluate(() => document.body.innerText);
    for (const sent of [
      '<script>window.__pwned=6</script>',
      '<iframe src="http://evil.test/frame"></iframe>',
      '![tracker](http://evil.test/track.png)',
      '<b onmouseover="window.__pwned=7">bold</b>',
      'javascript:window.__pwned=24',
      '<svg/onload=window.__pwned=27>',
    ])
      assert.ok(text.includes(sent), sent);
    // Characters a reader would not see are shown as escapes, marked.
    assert.deepEqual(
      await page.$$eval('.hidden-char', (spans) =>
        [...new Set(spans.map((s) => s.textContent))].sort(),
      ),
      ['\\u200b', '\\u2028', '\\u202c', '\\u202e', '\\u{e0041}'],
    );
    const sentTitle = (
      JSON.parse(readFileSync(markupHostile, 'utf8')) as { serverInfo: { title: string } }
    ).serverInfo.title;
    assert.equal(await page.title(), `${sentTitle} · MCP server reference`);
  }),
);

test(
  'the keyboard: / reaches the filter, arrows walk the visible tools, Enter follows the only match',
  { skip },
  () =>
    onPage(example, async (page) => {
      await page.keyboard.press('/');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'filter');
      await page.keyboard.press('ArrowDown');
      assert.equal(await activeHref(page), '#tool-convert-temperature');
      await page.keyboard.press('ArrowDown');
      assert.equal(await activeHref(page), '#tool-get-forecast');
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'filter');
      await page.keyboard.type('alert');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => location.hash), '#tool-set-alert');
      assert.equal(
        await page.evaluate(() => document.querySelector(':target')?.id),
        'tool-set-alert',
      );
    }),
);

test(
  'with scripting off the page reads whole, and the filter box stays hidden',
  { skip },
  async () => {
    const off = await browser!.context({ javaScriptEnabled: false });
    try {
      for (const file of [example, markupHostile])
        await onPage(
          file,
          async (page) => {
            assert.equal(await page.isVisible('#filter-box'), false);
            assert.equal(
              await page.locator('article.tool').count(),
              (await htmlOf(file)).tools.length,
            );
            assert.equal(await page.isVisible('article.tool h4 >> nth=0'), true);
          },
          off,
        );
    } finally {
      await off.close();
    }
  },
);

/** Pixels that differ beyond pixelmatch's colour threshold, as a share of the image. */
function differingShare(a: PNG, b: PNG): number {
  if (a.width !== b.width || a.height !== b.height) return 1;
  const changed = pixelmatch(a.data, b.data, undefined, a.width, a.height, { threshold: 0.1 });
  return changed / (a.width * a.height);
}

/** At most this share of pixels may differ from the golden: font hinting, not layout or colour. */
const TOLERANCE = 0.01;

test('one golden screenshot per theme (the bundled example), within a tolerance', { skip }, () =>
  onPage(example, async (page) => {
    // A tool's section beside the list: badges, a parameter table, a result type and code.
    await page.goto('http://docs.test/page.html#tool-get-forecast');
    const shots: Record<string, PNG> = {};
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const taken = PNG.sync.read(await page.screenshot({ animations: 'disabled', caret: 'hide' }));
      shots[scheme] = taken;
      const golden = join(SCREENSHOTS, `weather-${scheme}.png`);
      if (process.env.UPDATE_GOLDEN === '1') {
        writeFileSync(golden, PNG.sync.write(taken));
        continue;
      }
      assert.ok(
        existsSync(golden),
        `${golden} is missing: UPDATE_GOLDEN=1 writes it (look at it first)`,
      );
      const share = differingShare(taken, PNG.sync.read(readFileSync(golden)));
      assert.ok(
        share <= TOLERANCE,
        `${scheme}: ${(share * 100).toFixed(2)}% of pixels differ from ${golden} (UPDATE_GOLDEN=1 rewrites it; look at it first)`,
      );
    }
    // The comparison can fail: the two themes differ far beyond the tolerance.
    assert.ok(differingShare(shots.light!, shots.dark!) > 0.3);
  }),
);
