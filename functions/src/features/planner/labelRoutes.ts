import { api, type LabelColor, labelRows, seatLink, type Wave, waveName } from '@movers/contracts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { file } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { attachmentDisposition } from '../../platform/http/userFiles.ts';
import { getClientDoc } from '../clients/index.ts';
import { readableMove } from '../moves/index.ts';
import { listFloorDocs, listMarkerDocs, listPersonDocs } from './planner.data.ts';

/** The 'Old labels' column's word once a correction marked a person's old labels replaced. */
export const OLD_LABELS_REPLACED = 'replaced';

/** Whose seat changed since their seat letter (or was corrected since), and whether their old labels were marked replaced. */
export type ChangedPeople = (moveId: string) => Promise<Map<string, { labelsReplaced: boolean }>>;

/**
 * The label sheet: one CSV row per sticker order, with each placed person's seat link; `people=changed`
 * lists only the changed people (issue 37), with a last column saying whether their old labels were replaced.
 */
/** A move's waves, for the labels' wave columns (issue 48); given by the seat letters, which read them. */
export type MoveWaves = (moveId: string) => Promise<({ id: string; color: LabelColor | null; position?: number } & Pick<Wave, 'name' | 'translations'>)[]>;

export const labelRoutes = (changedPeople: ChangedPeople, wavesOf: MoveWaves): BoundRoute[] => [
  bind(api.planner.labels, async ({ principal, params, query }) => {
    const move = await readableMove(principal, params.moveId);
    const onlyChanged = query.people === 'changed';
    const [floors, markers, everyone, client, changed, waves] = await Promise.all([
      listFloorDocs(move.id),
      listMarkerDocs(move.id),
      listPersonDocs(move.id),
      getClientDoc(move.clientId),
      onlyChanged ? changedPeople(move.id) : undefined,
      wavesOf(move.id),
    ]);
    // A move with waves has three more columns (issues 48, 55): a move without keeps the sheet its printer knows.
    const withWaves = waves.length > 0;
    // Each wave by its name in the screen's language, else the move's default (issue 55: one rule everywhere).
    const language = query.lang ?? move.defaultLanguage;
    const named = waves.map((w) => ({ id: w.id, color: w.color, position: w.position, name: waveName(w, language) }));
    const people = changed ? everyone.filter((p) => changed.has(p.id)) : everyone;
    const site = siteUrl(move.path);
    const rows = labelRows({ floors, markers, people, defaultCount: move.stickersCount, companyName: client?.name ?? '', waves: named }).map((row) => [
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
      // The number the stickers print large, which a grey-scale print keeps (issue 55).
      ...(withWaves ? [row.wave, row.waveColor, row.waveNumber] : []),
      ...(changed ? [changed.get(row.ownerKey)?.labelsReplaced ? OLD_LABELS_REPLACED : ''] : []),
    ]);
    const { labelSheet, labelHeader } = await import('./csv.ts');
    return file(labelSheet(rows, labelHeader({ waves: withWaves, changed: Boolean(changed) })), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`${move.path}-label-order.csv`),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    });
  }),
];
