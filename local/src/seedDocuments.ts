import { blobContainer } from '@movers/functions/src/platform/blob/client.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { blobContainers } from '@movers/functions/src/platform/cosmos/containers.ts';
import type { DocumentDoc } from '@movers/functions/src/features/moveDocuments/documents.data.ts';

/** Seeded documents of the demo move, by id (API tests read them). */
export const SEEDED_DOCUMENT_IDS = ['d0c00000-0000-4000-8000-000000000001', 'd0c00000-0000-4000-8000-000000000002'] as const;

/** A one-page PDF saying 'Moving plan'. */
const pdf = () => {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 44 >>\nstream\nBT /F1 24 Tf 72 760 Td (Moving plan) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

/** Two small documents on the demo move: the file in Blob Storage first, then its record (as an upload stores them). */
export async function seedDocuments(moveId: string, audit: Record<string, string>) {
  const files = [
    { id: SEEDED_DOCUMENT_IDS[0], name: 'Flytteplan Ærøskøbing.pdf', type: 'application/pdf', bytes: pdf(), at: '2026-11-02T09:15:00.000Z' },
    {
      id: SEEDED_DOCUMENT_IDS[1],
      name: 'Packing list for every desk.txt',
      type: 'text/plain',
      bytes: Buffer.from('Packing list\n- Empty your drawers\n- Label your boxes with your name and new desk\n- Take valuables home\n', 'utf8'),
      at: '2026-11-03T14:40:00.000Z',
    },
  ];
  const blobs = await blobContainer(blobContainers.moveDocuments);
  for (const file of files) {
    const documentPath = `${moveId}/${file.id}`;
    const blob = blobs.getBlockBlobClient(documentPath);
    if (!(await blob.exists())) await blob.uploadData(file.bytes, { blobHTTPHeaders: { blobContentType: file.type } });
    const doc: DocumentDoc = {
      id: file.id,
      moveId,
      type: 'document',
      originalFilename: file.name,
      documentPath,
      contentType: file.type,
      size: file.bytes.length,
      ...audit,
      createdAt: file.at,
      updatedAt: file.at,
      createdBy: audit.createdBy,
      updatedBy: audit.updatedBy,
    };
    try {
      await container('moveDocuments').items.create(doc);
    } catch (error) {
      if ((error as { code?: number }).code !== 409) throw error;
    }
  }
}
