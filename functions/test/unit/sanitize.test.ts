import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { xssPayloads as payloads } from '@movers/local/src/testing/xssCorpus.ts';
import { sanitizeHtml } from '../../src/platform/html/sanitize.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

const elementsIn = (node: Node): Element[] => {
  const children = 'childNodes' in node ? (node.childNodes as Node[]) : [];
  const content = node.nodeName === 'template' ? [(node as Element & { content: Node }).content] : [];
  return [...children, ...content].flatMap((child) => [...('tagName' in child ? [child as Element] : []), ...elementsIn(child)]);
};

const forbiddenElements = new Set([
  'script',
  'iframe',
  'object',
  'embed',
  'svg',
  'math',
  'style',
  'form',
  'input',
  'button',
  'base',
  'meta',
  'link',
  'template',
  'textarea',
  'noscript',
  'frame',
  'frameset',
]);
/** What a browser sees in a URL after dropping whitespace and control characters. */
const browserScheme = (url: string) => url.replace(/[\u0000-\u0020]/g, '').toLowerCase();

/** Everything dangerous a browser could find in an HTML fragment, parsed as a browser parses it (parse5). */
function dangersIn(html: string): string[] {
  const found: string[] = [];
  for (const element of elementsIn(parseFragment(html))) {
    if (forbiddenElements.has(element.tagName)) found.push(`<${element.tagName}>`);
    if (element.namespaceURI !== 'http://www.w3.org/1999/xhtml') found.push(`foreign <${element.tagName}>`);
    for (const { name, value } of element.attrs) {
      if (name.toLowerCase().startsWith('on')) found.push(`${element.tagName}[${name}]`);
      if (['id', 'name', 'srcset', 'srcdoc', 'formaction', 'action', 'xlink:href'].includes(name)) found.push(`${element.tagName}[${name}]`);
      const scheme = browserScheme(value);
      if (/^(?:javascript|vbscript|data):/.test(scheme) || scheme.startsWith('//')) found.push(`${element.tagName}[${name}=${value}]`);
      if (name === 'style' && /position|url\(|expression|behavior|z-index|inset|background/i.test(value)) found.push(`${element.tagName}[style=${value}]`);
    }
    if (
      element.tagName === 'a' &&
      element.attrs.some((a) => a.name === 'target') &&
      element.attrs.find((a) => a.name === 'rel')?.value !== 'noopener noreferrer'
    ) {
      found.push('a[target] without rel="noopener noreferrer"');
    }
  }
  return found;
}

describe('the HTML sanitiser', () => {
  it('has a corpus of at least 50 known payloads, each of which the check itself catches unsanitised', async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    // The check must be able to fail: most raw payloads are dangerous as they are.
    const caught = payloads.filter((p) => dangersIn(p).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(payloads.length - 10);
  });

  for (const [index, payload] of payloads.entries()) {
    it(`leaves nothing dangerous of payload ${index + 1}: ${payload.slice(0, 70)}`, async () => {
      const clean = await sanitizeHtml(payload);
      expect(dangersIn(clean), clean).toEqual([]);
      // Sanitising again changes nothing: what is stored is already in its final form.
      expect(await sanitizeHtml(clean)).toBe(clean);
      // Parsed a second time the way a browser does, the output is still clean (no mutation).
      expect(dangersIn(clean.replace(/&amp;/g, '&'))).toEqual([]);
    });
  }

  it('marks an image without a text alternative as decorative, and keeps the one the editor gave', async () => {
    expect(await sanitizeHtml('<p><img src="https://ok.test/a.png"></p>')).toBe('<p><img src="https://ok.test/a.png" alt="" /></p>');
    expect(await sanitizeHtml('<p><img src="https://ok.test/a.png" alt="The new canteen"></p>')).toBe(
      '<p><img src="https://ok.test/a.png" alt="The new canteen" /></p>',
    );
  });

  it('gives links that open a new window rel="noopener noreferrer", and takes rel away from others', async () => {
    expect(await sanitizeHtml('<a href="https://ok.test" target="_blank">x</a>')).toBe(
      '<a href="https://ok.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(await sanitizeHtml('<a href="https://ok.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://ok.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(await sanitizeHtml('<a href="https://ok.test" rel="opener">x</a>')).toBe('<a href="https://ok.test">x</a>');
    expect(await sanitizeHtml('<a href="https://ok.test" target="_top">x</a>')).toBe('<a href="https://ok.test">x</a>');
  });

  it('keeps safe links and images: https, http, mailto, tel and relative addresses', async () => {
    for (const html of [
      '<a href="https://ok.test/a?b=1&amp;c=2">x</a>',
      '<a href="http://ok.test">x</a>',
      '<a href="mailto:someone@ok.test">x</a>',
      '<a href="tel:+4712345678">x</a>',
      '<a href="/admin/templates">x</a>',
      '<a href="#part-2">x</a>',
      '<img src="https://storage.test/editor-uploads/abc.png" alt="a plan" />',
    ]) {
      expect(await sanitizeHtml(html)).toBe(html);
    }
  });

  /**
   * What CKEditor 5 writes with the portal's editor (headings, paragraphs with alignment, lists with
   * their properties, tables with a caption and column widths, links, images in every style and size,
   * media embeds, code blocks, highlights, font sizes), in the form the sanitiser writes HTML: void
   * elements as `<img />`, no trailing `;` in a style, `&nbsp;` as the character. This survives unchanged.
   */
  const benign = [
    '<h2>Moving day</h2><h3>Before</h3><h4>Packing</h4>',
    '<p>Plain <strong>bold</strong> <i>italic</i> <u>underlined</u> <s>struck</s> x<sub>2</sub> y<sup>3</sup> <code>npm start</code></p>',
    '<p style="text-align:center">Centred</p><p style="text-align:right">Right</p><p style="text-align:justify">Justified</p>',
    '<h2 style="text-align:center">A centred heading</h2>',
    '<ul><li>One</li><li>Two<ul><li>Two and a half</li></ul></li></ul><ol><li>First</li><li>Second</li></ol>',
    '<ol style="list-style-type:lower-roman" start="3" reversed="reversed"><li>iii</li><li>ii</li></ol><ul style="list-style-type:square"><li>a</li></ul>',
    '<blockquote><p>Pack the desk by Thursday.</p></blockquote>',
    '<p>Read <a href="https://movers.test/guide">the guide</a> or <a href="https://movers.test/faq" target="_blank" rel="noopener noreferrer">the FAQ</a>.</p>',
    '<figure class="table"><table><thead><tr><th>Floor</th><th>Team</th></tr></thead><tbody><tr><td>3</td><td>Finance</td></tr><tr><td colspan="2">All others</td></tr></tbody></table><figcaption>Who moves where</figcaption></figure>',
    '<figure class="table" style="width:80%"><table class="ck-table-resized"><colgroup><col style="width:40%" /><col style="width:60%" /></colgroup><tbody><tr><td rowspan="2" style="text-align:center">a</td><td>b</td></tr><tr><td>c</td></tr></tbody></table></figure>',
    '<figure class="image"><img src="https://storage.test/editor-uploads/plan.png" alt="Floor plan" width="1200" height="800" /><figcaption>Level 3</figcaption></figure>',
    '<figure class="image image_resized" style="width:50%"><img style="aspect-ratio:1200/800" src="https://storage.test/editor-uploads/plan.png" width="1200" height="800" alt="" /></figure>',
    '<figure class="image image-style-side"><img src="https://storage.test/editor-uploads/a.jpg" alt="Side" /></figure>',
    '<figure class="image image-style-block-align-left"><img src="https://storage.test/editor-uploads/a.jpg" alt="Left" /></figure>',
    '<p><img class="image_resized image-style-align-left" style="aspect-ratio:640/480;width:25%" src="https://storage.test/editor-uploads/b.png" width="640" height="480" alt="" />Text flows beside an inline image.</p>',
    '<figure class="media"><oembed url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"></oembed></figure>',
    '<pre><code class="language-plaintext">Gate code: 1234\nLift: B</code></pre>',
    '<p><mark class="marker-yellow">Important</mark> <mark class="pen-red">Note</mark> <span class="text-big">Big</span> <span class="text-tiny">tiny</span></p>',
    '<hr /><p>Line<br />break and a\u00a0non-breaking space, &amp; &lt;escaped&gt; text, Ærøskøbing 🚚 株式会社.</p>',
    '<p>Trailing space from the form </p> ',
  ];

  for (const html of benign) {
    it(`keeps CKEditor content unchanged: ${html.slice(0, 70)}`, async () => {
      expect(await sanitizeHtml(html)).toBe(html);
      expect(dangersIn(html)).toEqual([]);
    });
  }

  it("keeps CKEditor's own serialisation the same to a browser (void tags, `;` in styles, &nbsp;)", async () => {
    const asCkEditorWritesIt =
      '<p style="text-align:center;">a&nbsp;b</p><figure class="image image_resized" style="width:50%;"><img src="https://storage.test/x.png" alt="x" width="10" height="10"></figure><figure class="table"><table class="ck-table-resized"><colgroup><col style="width:100%;"></colgroup><tbody><tr><td>1</td></tr></tbody></table></figure>';
    const shape = (html: string) =>
      elementsIn(parseFragment(html)).map((e) => ({
        tag: e.tagName,
        attrs: e.attrs.map((a) => (a.name === 'style' ? { ...a, value: a.value.replace(/;$/, '') } : a)),
        text: e.childNodes.filter((c) => c.nodeName === '#text').map((c) => (c as { value: string }).value),
      }));
    expect(shape(await sanitizeHtml(asCkEditorWritesIt))).toEqual(shape(asCkEditorWritesIt));
  });
});

describe('videos and media embeds', () => {
  const ownFiles = 'https://api.movers.test/api/v1/images/';
  const file = `${ownFiles}0b6c5a8e-2f0e-4a55-9c1e-6a3f2b7d9e10`;

  it("keeps a video of the portal's own files, with the browser's controls", async () => {
    const html = `<p><video controls src="${file}"></video></p>`;
    expect(await sanitizeHtml(html, { ownFiles })).toBe(html);
    expect(await sanitizeHtml(`<p><video src="${file}"></video></p>`, { ownFiles })).toBe(html);
  });

  it('drops a video of another origin, another path of the API, or any address when the own one is unknown', async () => {
    for (const src of [
      'https://evil.test/api/v1/images/0b6c5a8e-2f0e-4a55-9c1e-6a3f2b7d9e10',
      `${ownFiles}../clients`,
      `${file}?x=1`,
      'javascript:alert(1)',
      '//evil.test/a.mp4',
    ])
      expect(await sanitizeHtml(`<p>a<video controls src="${src}">fallback</video>b</p>`, { ownFiles })).toBe('<p>ab</p>');
    expect(await sanitizeHtml(`<p><video controls src="${file}"></video></p>`)).toBe('<p></p>');
  });

  it('drops autoplay, handlers, posters and sources of a video', async () => {
    const cleaned = await sanitizeHtml(
      `<video autoplay loop muted poster="https://evil.test/p.png" onerror="alert(1)" onloadstart="alert(2)" src="${file}"><source src="javascript:alert(1)" /><source src="https://evil.test/v.mp4" type="video/mp4" /><track src="https://evil.test/t.vtt" /></video>`,
      { ownFiles },
    );
    expect(cleaned).toBe(`<video controls src="${file}"></video>`);
    expect(dangersIn(cleaned)).toEqual([]);
  });

  it('drops a video that has only sources, whatever they are', async () => {
    expect(await sanitizeHtml(`<video controls><source src="javascript:alert(1)" /><source src="${file}" /></video>`, { ownFiles })).toBe('');
  });

  it('keeps the embed of a known provider as stored, and gives visitors a link to it', async () => {
    for (const url of ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ', 'https://vimeo.com/76979871']) {
      const html = `<figure class="media"><oembed url="${url}"></oembed></figure>`;
      expect(await sanitizeHtml(html)).toBe(html);
      expect(await sanitizeHtml(html, { embedsAsLinks: true })).toBe(`<figure class="media"><a href="${url}">${url.replace(/&/g, '&amp;')}</a></figure>`);
    }
  });

  it('drops the embed of an unknown or unsafe address', async () => {
    for (const url of [
      'https://evil.test/watch',
      'javascript:alert(1)',
      'http://www.youtube.com/watch?v=x',
      'https://youtube.com.evil.test/x',
      'data:text/html,x',
    ]) {
      const html = `<figure class="media"><oembed url="${url}"></oembed></figure>`;
      expect(await sanitizeHtml(html)).toBe('<figure class="media"></figure>');
      expect(await sanitizeHtml(html, { embedsAsLinks: true })).toBe('<figure class="media"></figure>');
    }
  });
});
