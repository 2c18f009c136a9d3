import { api, labelRows, seatLink } from '@movers/contracts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { file } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { attachmentDisposition } from '../../platform/http/userFiles.ts';
import { getClientDoc } from '../clients/index.ts';
import { readableMove } from '../moves/index.ts';
import { listFloorDocs, listMarkerDocs, listPersonDocs } from './planner.data.ts';

/** The label sheet: one CSV row per sticker order, with each placed person's seat link. */
export const labelRoutes: BoundRoute[] = [
  bind(api.planner.labels, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    const [floors, markers, people, client] = await Promise.all([
      listFloorDocs(move.id),
      listMarkerDocs(move.id),
      listPersonDocs(move.id),
      getClientDoc(move.clientId),
    ]);
    const site = siteUrl(move.path);
    const rows = labelRows({ floors, markers, people, defaultCount: move.stickersCount, companyName: client?.name ?? '' }).map((row) => [
      row.name,
      row.floor,
      row.space,
      row.table,
      row.color,
      row.count,
      row.roomNumber,
      row.companyName,
      // Only a placed person has a seat for the link to open on.
      row.roomNumber ? seatLink(site, row.ownerKey) : '',
    ]);
    const { labelSheet } = await import('./csv.ts');
    return file(labelSheet(rows), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`${move.path}-label-order.csv`),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    });
  }),
];
