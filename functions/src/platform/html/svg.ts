import type { DOMPurify } from 'dompurify';

let purifier: Promise<DOMPurify> | undefined;

/** DOMPurify on a jsdom window, made once and only when an SVG arrives (jsdom is slow to start). */
async function svgPurifier(): Promise<DOMPurify> {
  purifier ??= (async () => {
    const [{ default: createDOMPurify }, { JSDOM }] = await Promise.all([import('dompurify'), import('jsdom')]);
    return createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  })();
  return purifier;
}

/**
 * An uploaded SVG with everything that can run or reach out removed: scripts, event handlers,
 * `javascript:` links, foreign objects and style elements (DOMPurify's SVG profile, the well-kept
 * sanitiser of the field). What remains is drawing. It is also served sandboxed (see the image routes).
 */
export async function sanitizeSvg(bytes: Uint8Array): Promise<Uint8Array> {
  const purify = await svgPurifier();
  const text = new TextDecoder().decode(bytes);
  let clean = purify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'style', 'script', 'a'],
    FORBID_ATTR: ['style'],
  });
  // Served as a document of its own, the root needs its namespace.
  if (!/^<svg[^>]*\sxmlns=/i.test(clean)) clean = clean.replace(/^<svg\b/i, '<svg xmlns="http://www.w3.org/2000/svg"');
  return new TextEncoder().encode(clean);
}
