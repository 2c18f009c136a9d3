import type { IOptions, Tag } from 'sanitize-html';

/**
 * The one HTML sanitiser of the portal: every HTML a user writes (template and move page contents) goes
 * through it before it is stored, and again when the visitor API hands a page out (defence in depth).
 *
 * It keeps what CKEditor 5 produces with the portal's editor (headings, paragraphs, lists, tables,
 * links, images, captions, media embeds of known providers, videos uploaded to the portal itself, basic
 * formatting, and the classes and few styles CKEditor
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

/** The hosts of the media providers CKEditor's media embed knows: an `<oembed>` of any other address is dropped. */
const embedHosts =
  /^(?:(?:www\.|m\.)?youtube\.com|youtu\.be|(?:www\.|player\.)?vimeo\.com|(?:www\.)?dailymotion\.com|dai\.ly|open\.spotify\.com|(?:www\.)?instagram\.com|(?:www\.)?(?:twitter|x)\.com|(?:www\.)?flickr\.com|flic\.kr|(?:www\.)?facebook\.com|(?:www\.|maps\.)?google\.com|goo\.gl)$/i;

const knownEmbed = (url: string | undefined): url is string => {
  try {
    const address = new URL(url ?? '');
    return address.protocol === 'https:' && embedHosts.test(address.hostname);
  } catch {
    return false;
  }
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a call cleans for: where the API's own editor files are, and whether visitors will read the result. */
export interface SanitizeFor {
  /**
   * The address the API's editor files are served under (`https://api.example/api/v1/images/`): a video
   * plays only a file of the portal's own, so a page cannot make visitors' browsers fetch from elsewhere.
   * Without it no video is kept.
   */
  ownFiles?: string;
  /**
   * For visitors: a media embed (`<oembed>`, which no browser draws) becomes a link to its address. The
   * stored page keeps the embed, so that the editor shows it as the embed it inserted.
   */
  embedsAsLinks?: boolean;
}

const baseOptions: IOptions = {
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
    'video',
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
    video: ['src', 'controls'],
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
  allowedSchemesByTag: { img: ['http', 'https'], oembed: ['https'], video: ['http', 'https'] },
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

/** A tag sanitize-html does not allow, so the element goes (an `<oembed>` has no content to keep). */
const dropped: Tag = { tagName: 'dropped', attribs: {} };

/**
 * The allow-list with the elements that depend on the call: `<video>` only of the API's own files and
 * always with the browser's controls (no autoplay, no sources of its own: `<source>` is not kept), and
 * `<oembed>` only of a known provider, as a link for visitors.
 */
export function sanitizeOptions({ ownFiles, embedsAsLinks = false }: SanitizeFor = {}): IOptions {
  const own = (src: string | undefined): src is string => !!ownFiles && !!src && src.startsWith(ownFiles) && uuid.test(src.slice(ownFiles.length));
  return {
    ...baseOptions,
    transformTags: {
      ...baseOptions.transformTags,
      video: (tagName, attribs): Tag => ({ tagName, attribs: own(attribs.src) ? { controls: '', src: attribs.src } : {} }),
      oembed: (tagName, attribs): Tag => {
        if (!knownEmbed(attribs.url)) return dropped;
        return embedsAsLinks ? { tagName: 'a', attribs: { href: attribs.url }, text: attribs.url } : { tagName, attribs: { url: attribs.url } };
      },
    },
    // A video without a file of the portal's own goes with whatever it held.
    exclusiveFilter: (frame) => frame.tag === 'video' && !frame.attribs.src,
  };
}

/** Cleans user-written HTML with the portal's allow-list (above). */
export async function sanitizeHtml(html: string, target: SanitizeFor = {}): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, sanitizeOptions(target));
}

/** Translations as stored: each content cleaned, the rest as it was. */
export const sanitizeTranslations = <T extends { content: string }>(translations: T[], target: SanitizeFor = {}): Promise<T[]> =>
  Promise.all(translations.map(async (t) => ({ ...t, content: await sanitizeHtml(t.content, target) })));
