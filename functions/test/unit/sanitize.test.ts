import { type DefaultTreeAdapterMap, parseFragment } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/platform/html/sanitize.ts';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Known XSS payloads: script tags, event handlers, SVG/MathML, `javascript:`/`data:` links in plain,
 * encoded and obfuscated forms, malformed markup and mutation XSS (markup that a second parse turns
 * into something else). Sources: the OWASP XSS filter evasion cheat sheet, the html5sec.org
 * vectors, DOMPurify's and sanitize-html's own test suites.
 */
const payloads = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=https://xss.test/xss.js></SCRIPT>',
  '<script/xss src="https://xss.test/x.js"></script>',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<script>alert(1)',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(1)>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>',
  '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>',
  '<IMG SRC="jav\tascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">',
  '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JAVASCRIPT:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java\u0000script:alert(1)">x</a>',
  '<a href="jav&#x61;script:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="javas&Tab;cript:alert(1)">x</a>',
  '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="DaTa:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.test/">x</a>',
  '<a href="https://ok.test" onclick="alert(1)">x</a>',
  '<a href="https://ok.test" target="_blank" rel="opener">x</a>',
  '<body onload=alert(1)>',
  '<div onmouseover="alert(1)">hover</div>',
  '<p ONCLICK=alert(1)>x</p>',
  '<p/onclick=alert(1)>x</p>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x dur=1s>',
  '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<math href="javascript:alert(1)">CLICKME</math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><input type=submit></form>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<input onfocus=alert(1) autofocus>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<audio src=x onerror=alert(1)>',
  '<marquee onstart=alert(1)>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<style>@import "javascript:alert(1)";</style>',
  '<style>body{background:url("javascript:alert(1)")}</style>',
  '<p style="background-image:url(javascript:alert(1))">x</p>',
  '<p style="width:expression(alert(1))">x</p>',
  '<p style="position:fixed;top:0;left:0;width:100%;height:100%;z-index:9999">overlay</p>',
  '<img src="https://ok.test/a.png" style="position:absolute;top:0">',
  '<p style="text-align:center;position:fixed">x</p>',
  '<figure class="image" style="width:50%;background:url(javascript:alert(1))"><img src="https://ok.test/a.png"></figure>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<noembed><img title="</noembed><img src=x onerror=alert(1)>"></noembed>',
  '<noframes><p title="</noframes><img src=x onerror=alert(1)>"></noframes>',
  '<textarea><p title="</textarea><img src=x onerror=alert(1)>"></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<xmp><img src=x onerror=alert(1)></xmp>',
  '<template><script>alert(1)</script></template>',
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<p>a<!-- --><script>alert(1)</script></p>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<table><td><a href="javascript:alert(1)">x</a>',
  '<a href="javascript:alert(1)"<p>x</p>',
  '<img src=x onerror=alert(1)//',
  '<img\nsrc=x\nonerror=alert(1)>',
  '<img src=x one\u0000rror=alert(1)>',
  '<div id="x" style="behavior:url(#default#time2)" onbegin="alert(1)">',
  '<a href="https://ok.test" style="position:absolute;inset:0">full page link</a>',
  '<oembed url="javascript:alert(1)"></oembed>',
  '<figure class="media"><oembed url="data:text/html,<script>alert(1)</script>"></oembed></figure>',
  '<span class="text-big" onmouseover="alert(1)">x</span>',
  '<img src="https://ok.test/a.png" alt="x" srcset="javascript:alert(1) 1x">',
  '<a href="https://ok.test" id="location">clobber</a><img name="cookie" src="https://ok.test/a.png">',
];

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
  it('has a corpus of at least 50 known payloads, each of which the check itself catches unsanitised', () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
    // The check must be able to fail: most raw payloads are dangerous as they are.
    const caught = payloads.filter((p) => dangersIn(p).length > 0);
    expect(caught.length).toBeGreaterThanOrEqual(payloads.length - 10);
  });

  for (const [index, payload] of payloads.entries()) {
    it(`leaves nothing dangerous of payload ${index + 1}: ${payload.slice(0, 70)}`, () => {
      const clean = sanitizeHtml(payload);
      expect(dangersIn(clean), clean).toEqual([]);
      // Sanitising again changes nothing: what is stored is already in its final form.
      expect(sanitizeHtml(clean)).toBe(clean);
      // Parsed a second time the way a browser does, the output is still clean (no mutation).
      expect(dangersIn(clean.replace(/&amp;/g, '&'))).toEqual([]);
    });
  }

  it('gives links that open a new window rel="noopener noreferrer", and takes rel away from others', () => {
    expect(sanitizeHtml('<a href="https://ok.test" target="_blank">x</a>')).toBe('<a href="https://ok.test" target="_blank" rel="noopener noreferrer">x</a>');
    expect(sanitizeHtml('<a href="https://ok.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://ok.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="https://ok.test" rel="opener">x</a>')).toBe('<a href="https://ok.test">x</a>');
    expect(sanitizeHtml('<a href="https://ok.test" target="_top">x</a>')).toBe('<a href="https://ok.test">x</a>');
  });

  it('keeps safe links and images: https, http, mailto, tel and relative addresses', () => {
    for (const html of [
      '<a href="https://ok.test/a?b=1&amp;c=2">x</a>',
      '<a href="http://ok.test">x</a>',
      '<a href="mailto:someone@ok.test">x</a>',
      '<a href="tel:+4712345678">x</a>',
      '<a href="/admin/templates">x</a>',
      '<a href="#part-2">x</a>',
      '<img src="https://storage.test/editor-uploads/abc.png" alt="a plan" />',
    ]) {
      expect(sanitizeHtml(html)).toBe(html);
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
    '<figure class="image image_resized" style="width:50%"><img style="aspect-ratio:1200/800" src="https://storage.test/editor-uploads/plan.png" width="1200" height="800" /></figure>',
    '<figure class="image image-style-side"><img src="https://storage.test/editor-uploads/a.jpg" alt="Side" /></figure>',
    '<figure class="image image-style-block-align-left"><img src="https://storage.test/editor-uploads/a.jpg" alt="Left" /></figure>',
    '<p><img class="image_resized image-style-align-left" style="aspect-ratio:640/480;width:25%" src="https://storage.test/editor-uploads/b.png" width="640" height="480" />Text flows beside an inline image.</p>',
    '<figure class="media"><oembed url="https://storage.test/editor-uploads/tour.mp4"></oembed></figure>',
    '<pre><code class="language-plaintext">Gate code: 1234\nLift: B</code></pre>',
    '<p><mark class="marker-yellow">Important</mark> <mark class="pen-red">Note</mark> <span class="text-big">Big</span> <span class="text-tiny">tiny</span></p>',
    '<hr /><p>Line<br />break and a\u00a0non-breaking space, &amp; &lt;escaped&gt; text, Ærøskøbing 🚚 株式会社.</p>',
    '<p>Trailing space from the form </p> ',
  ];

  for (const html of benign) {
    it(`keeps CKEditor content unchanged: ${html.slice(0, 70)}`, () => {
      expect(sanitizeHtml(html)).toBe(html);
      expect(dangersIn(html)).toEqual([]);
    });
  }

  it("keeps CKEditor's own serialisation the same to a browser (void tags, `;` in styles, &nbsp;)", () => {
    const asCkEditorWritesIt =
      '<p style="text-align:center;">a&nbsp;b</p><figure class="image image_resized" style="width:50%;"><img src="https://storage.test/x.png" alt="x" width="10" height="10"></figure><figure class="table"><table class="ck-table-resized"><colgroup><col style="width:100%;"></colgroup><tbody><tr><td>1</td></tr></tbody></table></figure>';
    const shape = (html: string) =>
      elementsIn(parseFragment(html)).map((e) => ({
        tag: e.tagName,
        attrs: e.attrs.map((a) => (a.name === 'style' ? { ...a, value: a.value.replace(/;$/, '') } : a)),
        text: e.childNodes.filter((c) => c.nodeName === '#text').map((c) => (c as { value: string }).value),
      }));
    expect(shape(sanitizeHtml(asCkEditorWritesIt))).toEqual(shape(asCkEditorWritesIt));
  });
});
