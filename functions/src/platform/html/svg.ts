import type { IOptions } from 'sanitize-html';

/*
 * SVG is XML: names keep their case (linearGradient, viewBox). The lists below are DOMPurify's SVG and
 * SVG-filter profiles in their SVG spelling, less what can run, reach out or restyle the page:
 * animation elements (they can rewrite attributes), <a>, <style>, <script>, <foreignObject> and the
 * `style` attribute. `use` is kept for references inside the document only (drawing programs write it
 * for repeated shapes).
 */
// biome-ignore format: a list of names reads best packed
const elements = [
  'svg', 'g', 'defs', 'desc', 'title', 'metadata', 'symbol', 'use', 'switch', 'view',
  'circle', 'ellipse', 'line', 'path', 'polygon', 'polyline', 'rect', 'image',
  'text', 'tspan', 'textPath', 'tref', 'altGlyph', 'altGlyphDef', 'altGlyphItem', 'glyph', 'glyphRef', 'font', 'hkern', 'vkern',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker', 'mpath', 'filter',
  'feBlend', 'feColorMatrix', 'feComponentTransfer', 'feComposite', 'feConvolveMatrix', 'feDiffuseLighting',
  'feDisplacementMap', 'feDistantLight', 'feDropShadow', 'feFlood', 'feFuncA', 'feFuncB', 'feFuncG', 'feFuncR',
  'feGaussianBlur', 'feImage', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset', 'fePointLight',
  'feSpecularLighting', 'feSpotLight', 'feTile', 'feTurbulence',
];

/** DOMPurify's SVG attributes (lower-cased there, as compared here), less `style` and the animation ones. */
// biome-ignore format: a list of names reads best packed
const attributes = new Set(
  [
    'accent-height', 'alignment-baseline', 'amplitude', 'ascent', 'azimuth', 'basefrequency', 'baseline-shift',
    'bias', 'class', 'clip', 'clippathunits', 'clip-path', 'clip-rule', 'color', 'color-interpolation',
    'color-interpolation-filters', 'color-rendering', 'cx', 'cy', 'd', 'dx', 'dy', 'diffuseconstant', 'direction',
    'display', 'divisor', 'dominant-baseline', 'edgemode', 'elevation', 'exponent', 'fill', 'fill-opacity',
    'fill-rule', 'filter', 'filterunits', 'flood-color', 'flood-opacity', 'font-family', 'font-size',
    'font-size-adjust', 'font-stretch', 'font-style', 'font-variant', 'font-weight', 'fx', 'fy', 'g1', 'g2',
    'glyph-name', 'glyphref', 'gradientunits', 'gradienttransform', 'height', 'id', 'image-rendering', 'in', 'in2',
    'intercept', 'k', 'k1', 'k2', 'k3', 'k4', 'kerning', 'lang', 'lengthadjust', 'letter-spacing', 'kernelmatrix',
    'kernelunitlength', 'lighting-color', 'limitingconeangle', 'local', 'marker-end', 'marker-mid', 'marker-start',
    'markerheight', 'markerunits', 'markerwidth', 'maskcontentunits', 'maskunits', 'mask', 'mask-type', 'media',
    'method', 'mode', 'name', 'numoctaves', 'offset', 'operator', 'opacity', 'order', 'orient', 'orientation',
    'origin', 'overflow', 'paint-order', 'path', 'pathlength', 'patterncontentunits', 'patterntransform',
    'patternunits', 'pointer-events', 'points', 'pointsatx', 'pointsaty', 'pointsatz', 'preservealpha',
    'preserveaspectratio', 'primitiveunits', 'r', 'rx', 'ry', 'radius', 'refx', 'refy', 'result', 'rotate', 'scale',
    'seed', 'shape-rendering', 'slope', 'specularconstant', 'specularexponent', 'spreadmethod', 'startoffset',
    'stddeviation', 'stitchtiles', 'stop-color', 'stop-opacity', 'stroke-dasharray', 'stroke-dashoffset',
    'stroke-linecap', 'stroke-linejoin', 'stroke-miterlimit', 'stroke-opacity', 'stroke', 'stroke-width',
    'surfacescale', 'systemlanguage', 'tablevalues', 'targetx', 'targety', 'transform', 'transform-origin',
    'text-anchor', 'text-decoration', 'text-orientation', 'text-rendering', 'textlength', 'type', 'u1', 'u2',
    'unicode', 'values', 'vector-effect', 'viewbox', 'visibility', 'version', 'vert-adv-y', 'vert-origin-x',
    'vert-origin-y', 'width', 'word-spacing', 'wrap', 'writing-mode', 'xchannelselector', 'ychannelselector', 'x',
    'x1', 'x2', 'xmlns', 'y', 'y1', 'y2', 'z', 'zoomandpan', 'xml:space', 'xml:lang', 'xmlns:xlink', 'xlink:title',
  ],
);

const references = new Set(['href', 'xlink:href']);
/** Whitespace and controls a browser ignores inside a URL's scheme (`java\tscript:`). */
const ignoredInUrl = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
/** A raster image embedded in the file, as drawing programs write them; no other data: type, no other scheme. */
const embeddedRaster = /^data:image\/(?:png|jpeg|gif|webp);base64,[a-z0-9+/=]*$/i;

/** A reference is kept when it points into the document itself, or, on an image, is an embedded raster. */
function allowedReference(tag: string, value: string): boolean {
  const url = value.replace(ignoredInUrl, '');
  if (url.startsWith('#')) return true;
  return (tag === 'image' || tag === 'feImage') && embeddedRaster.test(url);
}

function keptAttributes(tag: string, attribs: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(attribs)) {
    const lower = name.toLowerCase();
    if (references.has(lower) ? allowedReference(tag, value) : attributes.has(lower)) kept[name] = value;
  }
  return kept;
}

const svgOptions: IOptions = {
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false, recognizeSelfClosing: true, decodeEntities: true },
  allowedTags: elements,
  // Attributes are filtered by `transformTags` below (case-insensitively, with the reference rules);
  // sanitize-html's own attribute and scheme checks would compare names by case.
  allowedAttributes: false,
  allowedSchemesAppliedToAttributes: [],
  transformTags: { '*': (tagName, attribs) => ({ tagName, attribs: keptAttributes(tagName, attribs) }) },
  // A removed element goes with what it holds: a script's text, a style sheet, a foreign object's HTML.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'option', 'noscript', 'iframe', 'noembed', 'xmp'],
  exclusiveFilter: (frame) => !elements.includes(frame.tag),
  // Every element is closed explicitly (`<path …></path>`): valid XML, and no container written as empty.
  selfClosing: [],
  allowVulnerableTags: false,
};

/**
 * The first `<svg>` element of the sanitiser's output and nothing around it: what stood before it (a
 * prolog, a document type's internal subset the parser read as text) or after it (a second root) would
 * make the file ill-formed, so that it showed as a broken image. The output's tags are the sanitiser's
 * own, so they can be counted.
 */
function firstSvgElement(xml: string): string {
  const start = xml.indexOf('<svg');
  if (start < 0) return '';
  let depth = 0;
  for (const tag of xml.slice(start).matchAll(/<(\/?)svg\b[^>]*>/g)) {
    depth += tag[1] ? -1 : 1;
    if (depth === 0) return xml.slice(start, start + (tag.index ?? 0) + tag[0].length);
  }
  return '';
}

/**
 * An uploaded SVG with everything that can run or reach out removed: scripts, event handlers,
 * `javascript:` and outside links, foreign objects, style sheets and animations. What remains is drawing.
 * It is also served sandboxed (see the image routes).
 *
 * sanitize-html (htmlparser2 in XML mode) rather than DOMPurify: DOMPurify needs a DOM, and jsdom does
 * not survive bundling (it resolves a worker file beside itself at run time) and weighs 7.6 MB of the
 * deployed bundle. sanitize-html is already the portal's HTML sanitiser, is pure JavaScript and is loaded
 * only when an SVG arrives.
 */
export async function sanitizeSvg(bytes: Uint8Array): Promise<Uint8Array> {
  const { default: sanitize } = await import('sanitize-html');
  const text = new TextDecoder().decode(bytes);
  let clean = firstSvgElement(sanitize(text, svgOptions));
  // Served as a document of its own, the root needs its namespace.
  if (!/^<svg[^>]*\sxmlns=/.test(clean)) clean = clean.replace(/^<svg\b/, '<svg xmlns="http://www.w3.org/2000/svg"');
  return new TextEncoder().encode(clean);
}
