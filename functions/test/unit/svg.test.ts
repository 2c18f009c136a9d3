import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { sanitizeSvg } from '../../src/platform/html/svg.ts';

// Uploaded SVG logos and backgrounds (issue 25): cleaned by sanitize-html in XML mode, which bundles
// (jsdom, behind DOMPurify before, did not). Each hostile file must come out well-formed, drawing only.

const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"${attributes}>${inner}</svg>`;

const hostile: readonly string[] = [
  svg('<script>alert(1)</script><rect width="1" height="1"/>'),
  svg('<script><![CDATA[alert(1)]]></script>'),
  svg('<script xlink:href="https://xss.test/x.js"/>'),
  svg('<rect width="1" height="1"/>', ' onload="alert(1)"'),
  svg('<rect width="1" height="1" OnClIcK="alert(1)" onmouseover="alert(2)"/>'),
  svg('<a xlink:href="javascript:alert(1)"><circle r="2"/></a>'),
  svg('<a href="&#106;avascript:alert(1)"><text>x</text></a>'),
  svg('<use href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+"/>'),
  svg('<use xlink:href="https://xss.test/evil.svg#a"/>'),
  svg('<image href="javascript:alert(1)"/><image xlink:href="java&#x09;script:alert(2)"/>'),
  svg('<image href="data:image/svg+xml,&lt;svg onload=alert(1)&gt;"/><feImage href="data:text/html,x"/>'),
  svg('<foreignObject><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>'),
  svg('<set attributeName="onload" to="alert(1)"/><animate attributeName="href" values="javascript:alert(1)"/>'),
  svg('<a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a>'),
  svg('<style>@import url(https://xss.test/x.css); rect { fill: url(javascript:alert(1)) }</style>'),
  svg('<rect style="background:url(javascript:alert(1));position:fixed" width="1" height="1"/>'),
  svg('<iframe src="javascript:alert(1)"/><embed src="x"/><object data="x"/>'),
  svg('<html:script xmlns:html="http://www.w3.org/1999/xhtml">alert(1)</html:script><svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(2)</svg:script>'),
  svg('<handler type="application/ecmascript">alert(1)</handler><listener event="load" handler="#h"/><discard/>'),
  `<?xml version="1.0"?><?xml-stylesheet href="https://xss.test/x.xsl" type="text/xsl"?><!DOCTYPE svg [<!ENTITY x "<script>alert(1)</script>">]>${svg('<text>&x;</text>')}`,
  `<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>${svg('<text>&b;</text>')}`,
  svg('<text>&lt;script&gt;alert(1)&lt;/script&gt; "quoted" &amp; more</text>'),
  svg('<rect width="1" height="1"/></svg><script>alert(1)</script><svg>'),
];

/** The names of the elements and attributes in a piece of XML written by the sanitiser. */
const elementNames = (xml: string) => [...xml.matchAll(/<([A-Za-z][\w:.-]*)/g)].map((m) => m[1]);
const attributeNames = (xml: string) => [...xml.matchAll(/\s([A-Za-z_:][\w:.-]*)\s*=\s*"/g)].map((m) => m[1].toLowerCase());
const urlsIn = (xml: string) => [...xml.matchAll(/(?:href)\s*=\s*"([^"]*)"/gi)].map((m) => m[1]);

const clean = async (text: string) => new TextDecoder().decode(await sanitizeSvg(new TextEncoder().encode(text)));

describe('SVG sanitiser', () => {
  it.each(hostile.map((payload, index) => [index, payload]))('#%i leaves a well-formed drawing with nothing that runs or reaches out', async (_, payload) => {
    const out = await clean(payload);
    expect(XMLValidator.validate(out), out).toBe(true);
    expect(out).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/);
    for (const name of elementNames(out))
      expect(['script', 'foreignObject', 'style', 'set', 'animate', 'a', 'iframe', 'embed', 'object', 'handler', 'listener', 'discard']).not.toContain(
        name.replace(/^\w+:/, ''),
      );
    for (const name of elementNames(out)) expect(name).not.toContain(':');
    for (const name of attributeNames(out)) {
      expect(name).not.toMatch(/^on/);
      expect(name).not.toBe('style');
    }
    for (const url of urlsIn(out)) expect(url).toMatch(/^(?:#|data:image\/(?:png|jpeg|gif|webp);base64,)/);
    expect(out).not.toMatch(/javascript:|vbscript:|xss\.test/i);
  });

  it('keeps the drawing: case-sensitive names, gradients, references inside the file, embedded rasters and text', async () => {
    const logo = svg(
      '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse" x1="0" x2="1"><stop offset="0" stop-color="#005a9e"/></linearGradient>' +
        '<clipPath id="c"><rect width="8" height="8"/></clipPath></defs>' +
        '<g clip-path="url(#c)"><path d="M0 0L10 10" stroke="#000" stroke-width="2"/><rect width="10" height="10" fill="url(#g)"/></g>' +
        '<use xlink:href="#c"/><image width="2" height="2" href="data:image/png;base64,iVBORw0KGgo="/>' +
        '<text x="1" y="9" font-family="Arial">Aurora &amp; Co</text>',
      ' viewBox="0 0 10 10" preserveAspectRatio="xMidYMid meet" width="100" height="40"',
    );
    const out = await clean(logo);
    expect(XMLValidator.validate(out)).toBe(true);
    for (const kept of [
      'viewBox="0 0 10 10"',
      'preserveAspectRatio="xMidYMid meet"',
      '<linearGradient id="g" gradientUnits="userSpaceOnUse"',
      '<clipPath id="c">',
      'clip-path="url(#c)"',
      '<path d="M0 0L10 10"',
      'fill="url(#g)"',
      '<use xlink:href="#c">',
      'href="data:image/png;base64,iVBORw0KGgo="',
      'Aurora &amp; Co</text>',
    ])
      expect(out).toContain(kept);
  });

  it('adds the SVG namespace a file served on its own needs, and answers nothing for a file that is no SVG', async () => {
    expect(await clean('<svg width="1"><rect width="1" height="1"/></svg>')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1">/);
    expect(await clean('<html><body><script>alert(1)</script></body></html>')).toBe('');
  });
});
