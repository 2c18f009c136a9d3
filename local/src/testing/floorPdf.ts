// Floor-plan PDFs written by hand for the tests and the bench (issue 50): pages of a given size with walls,
// rooms and their numbers as text, as an architect's export has them. Nothing here renders a PDF.

/** A PDF page's size in points (1/72 inch): A0 landscape, as architects plot floor plans. */
export const A0_LANDSCAPE = { width: 3370, height: 2384 } as const;
export const A4_LANDSCAPE = { width: 842, height: 595 } as const;

export interface FloorPage {
  width: number;
  height: number;
  /** Room numbers drawn as text, one per room, in a grid of rooms along the page. */
  rooms: string[];
  /**
   * Furnished rooms: desks, each with chairs drawn as CAD exports them (polylines of many points, three
   * decimals), this many a room: how a real drawing gets its megabytes, with the white space between.
   */
  desks?: number;
}

/** A small, fixed pseudo-random sequence, so a drawing is the same from run to run. */
function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const f = (n: number) => n.toFixed(1);

/** A page's drawing: outer walls, a row or grid of rooms with their numbers,, and their furniture. */
function contentOf(page: FloorPage, index: number): string {
  const { width, height, rooms } = page;
  const margin = Math.min(width, height) * 0.05;
  const lines: string[] = ['1 w 0 0 0 RG', `${f(margin)} ${f(margin)} ${f(width - 2 * margin)} ${f(height - 2 * margin)} re S`];
  const columns = Math.max(1, Math.ceil(Math.sqrt(rooms.length * (width / height))));
  const rows = Math.max(1, Math.ceil(rooms.length / columns));
  const cellW = (width - 2 * margin) / columns;
  const cellH = (height - 2 * margin) / rows;
  // Room numbers the size an A0 plot prints them (about 4 mm), scaled down with a smaller page.
  const fontSize = Math.max(10, Math.min(cellW, cellH) / 5);
  rooms.forEach((room, i) => {
    const x = margin + (i % columns) * cellW;
    const y = height - margin - (Math.floor(i / columns) + 1) * cellH;
    lines.push(`${f(x)} ${f(y)} ${f(cellW)} ${f(cellH)} re S`);
    lines.push(`BT /F1 ${f(fontSize)} Tf ${f(x + cellW * 0.1)} ${f(y + cellH * 0.45)} Td (${room.replace(/[()\\]/g, '\\$&')}) Tj ET`);
  });
  const random = sequence(index + 1);
  const parts: string[] = [lines.join('\n'), '0.3 w 0.25 0.25 0.25 RG'];
  const desks = page.desks ?? 0;
  if (desks > 0) {
    const perRow = Math.ceil(Math.sqrt(desks * (cellW / cellH)));
    const deskW = (cellW * 0.8) / perRow;
    const deskH = Math.min(deskW * 0.5, (cellH * 0.6) / Math.ceil(desks / perRow));
    const g = (n: number) => n.toFixed(3);
    rooms.forEach((_, i) => {
      const x0 = margin + (i % columns) * cellW + cellW * 0.1;
      const y0 = height - margin - Math.floor(i / columns) * cellH - cellH * 0.3;
      for (let d = 0; d < desks; d++) {
        const x = x0 + (d % perRow) * deskW;
        const y = y0 - Math.floor(d / perRow) * deskH * 1.6;
        parts.push(`${g(x)} ${g(y)} ${g(deskW * 0.9)} ${g(-deskH * 0.8)} re S`);
        // A chair: a round seat of 24 points, as a CAD program writes a circle out.
        const cx = x + deskW * 0.45 + (random() - 0.5) * deskW * 0.1;
        const cy = y - deskH * 1.05;
        const r = deskH * 0.22;
        const points = Array.from({ length: 24 }, (_, k) => `${g(cx + r * Math.cos((k / 24) * 2 * Math.PI))} ${g(cy + r * Math.sin((k / 24) * 2 * Math.PI))}`);
        parts.push(`${points[0]} m ${points.slice(1).join(' l ')} l h S`);
      }
    });
  }
  return `${parts.join('\n')}\n`;
}

/**
 * A PDF of the given pages (uncompressed content streams, Helvetica by name). `encrypted`: the trailer names
 * a standard security handler whose user password is not empty, so a reader asks for a password.
 */
export function floorPlanPdf(pages: FloorPage[], options: { encrypted?: boolean } = {}): Uint8Array {
  const objects: (string | Uint8Array)[] = [];
  const add = (body: string | Uint8Array) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const tree = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  pages.forEach((page, index) => {
    const content = new TextEncoder().encode(contentOf(page, index));
    const stream = add(concat(new TextEncoder().encode(`<< /Length ${content.length} >>\nstream\n`), content, new TextEncoder().encode('endstream')));
    kids.push(
      add(
        `<< /Type /Page /Parent ${tree} 0 R /MediaBox [0 0 ${page.width} ${page.height}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`,
      ),
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${tree} 0 R >>`;
  objects[tree - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const id = '0123456789ABCDEF0123456789ABCDEF';
  const encrypt = options.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /O <${'7A'.repeat(32)}> /U <${'5C'.repeat(32)}> /P -44 >>`) : undefined;

  const chunks: Uint8Array[] = [new TextEncoder().encode('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n')];
  let offset = chunks[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const bytes = concat(
      new TextEncoder().encode(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? new TextEncoder().encode(body) : body,
      new TextEncoder().encode('\nendobj\n'),
    );
    chunks.push(bytes);
    offset += bytes.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  const trailer = `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /ID [<${id}> <${id}>]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} >>\nstartxref\n${offset}\n%%EOF\n`;
  chunks.push(new TextEncoder().encode(xref + trailer));
  return concat(...chunks);
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}

/** A file that starts as a PDF and is then nothing a reader can make sense of. */
export function damagedPdf(): Uint8Array {
  const noise = sequence(7);
  return concat(
    new TextEncoder().encode('%PDF-1.7\n'),
    Uint8Array.from({ length: 4000 }, () => Math.floor(noise() * 256)),
  );
}
