import type { IOptions } from 'sanitize-html';

/**
 * The one HTML sanitiser of the portal: every HTML a user writes (template and move page contents) goes
 * through it before it is stored, and again when the visitor API hands a page out (defence in depth).
 *
 * It keeps what CKEditor 5 produces with the portal's editor (headings, paragraphs, lists, tables,
 * links, images, captions, media embeds, basic formatting, and the classes and few styles CKEditor
 * writes for image styles, sizes and alignment) and drops everything else: scripts and their content,
 * event handler attributes, ids, frames, forms, SVG/MathML, `javascript:`/`data:` and other schemes,
 * and any style but alignment, sizes and list markers (nothing can be positioned over the page).
 * A link that opens a new window always gets `rel="noopener noreferrer"`.
 *
 * sanitize-html (htmlparser2, with postcss about 0.5 MB of the bundle) is loaded by the first route that
 * writes HTML, not when the app starts. It runs on the server only: bundled for a browser it weighs about 95 KB
 * gzipped, more than half the sign-in page's budget, so the visitor site gets HTML already cleaned by
 * the API rather than cleaning it again itself.
 */

const headings = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const tableCells = ['td', 'th'];

/** A CSS length CKEditor writes for sizes: `50%`, `320px`, `12.5em`. */
const length = /^\d{1,5}(?:\.\d{1,4})?(?:px|%|em|rem)$/;
const textAlign = /^(?:left|right|center|justify)$/;
/** `aspect-ratio: 640/480` on images (CKEditor keeps the layout stable while an image loads). */
const aspectRatio = /^(?:auto|\d{1,5}(?:\.\d{1,4})?\s*\/\s*\d{1,5}(?:\.\d{1,4})?)$/;
const listStyleType = /^(?:decimal|decimal-leading-zero|lower-roman|upper-roman|lower-latin|upper-latin|lower-alpha|upper-alpha|disc|circle|square)$/;

/** The class names CKEditor 5 writes for image styles and sizes, tables, media, font sizes and highlights. */
const imageClasses = [
  'image',
  'image-inline',
  'image_resized',
  'image-style-side',
  'image-style-align-left',
  'image-style-align-center',
  'image-style-align-right',
  'image-style-block-align-left',
  'image-style-block-align-right',
  'image-style-inline',
];

export const sanitizeOptions: IOptions = {
  allowedTags: [
    ...headings,
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'span',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'figure',
    'figcaption',
    'oembed',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', { name: 'target', multiple: false, values: ['_blank'] }, 'rel'],
    img: ['src', 'alt', 'width', 'height', 'style', 'class'],
    figure: ['class', 'style'],
    oembed: ['url'],
    table: ['class', 'style'],
    col: ['style'],
    tr: ['style'],
    td: ['colspan', 'rowspan', 'style'],
    th: ['colspan', 'rowspan', 'style', { name: 'scope', multiple: false, values: ['row', 'col', 'rowgroup', 'colgroup'] }],
    ol: ['start', 'reversed', 'style'],
    ul: ['style'],
    li: ['style'],
    p: ['style'],
    figcaption: ['style'],
    ...Object.fromEntries(headings.map((h) => [h, ['style']])),
    span: ['class'],
    mark: ['class'],
    code: ['class'],
  },
  allowedClasses: {
    figure: [...imageClasses, 'table', 'media'],
    img: imageClasses,
    table: ['ck-table-resized'],
    span: ['text-tiny', 'text-small', 'text-big', 'text-huge'],
    mark: ['marker-yellow', 'marker-green', 'marker-pink', 'marker-blue', 'pen-red', 'pen-green'],
    code: [/^language-[a-z0-9-]{1,30}$/],
  },
  allowedStyles: {
    ...Object.fromEntries([...headings, 'p', 'li', 'figcaption', ...tableCells].map((t) => [t, { 'text-align': [textAlign] }])),
    figure: { width: [length] },
    img: { width: [length], height: [length], 'aspect-ratio': [aspectRatio] },
    table: { width: [length], height: [length] },
    col: { width: [length] },
    tr: { height: [length] },
    td: { 'text-align': [textAlign], width: [length], height: [length] },
    th: { 'text-align': [textAlign], width: [length], height: [length] },
    ol: { 'list-style-type': [listStyleType] },
    ul: { 'list-style-type': [listStyleType] },
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'], oembed: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite', 'url'],
  allowProtocolRelative: false,
  // Void elements are written `<img ... />` (and `col` gets no end tag).
  selfClosing: ['img', 'br', 'hr', 'col'],
  disallowedTagsMode: 'discard',
  // Elements whose text is not content: dropped with what is inside, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'xmp', 'noscript', 'noembed', 'noframes', 'iframe', 'template', 'title', 'object', 'svg', 'math'],
  transformTags: {
    // An image the editor gave no text alternative is marked decorative, so that a visitor's screen
    // reader skips it rather than reading its address (and no visitor page fails axe's image-alt).
    img: (tagName, attribs) => ({ tagName, attribs: 'alt' in attribs ? attribs : { ...attribs, alt: '' } }),
    // A link's rel is the sanitiser's: `noopener noreferrer` when it opens a new window, else none.
    // A link opens in the same window or, with target="_blank", a new one; no other target is kept.
    a: (tagName, attribs) => {
      const { rel: _rel, target, ...rest } = attribs;
      return { tagName, attribs: target === '_blank' ? { ...rest, target, rel: 'noopener noreferrer' } : rest };
    },
  },
};

/** Cleans user-written HTML with the portal's allow-list (above). */
export async function sanitizeHtml(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, sanitizeOptions);
}

/** Translations as stored: each content cleaned, the rest as it was. */
export const sanitizeTranslations = <T extends { content: string }>(translations: T[]): Promise<T[]> =>
  Promise.all(translations.map(async (t) => ({ ...t, content: await sanitizeHtml(t.content) })));
