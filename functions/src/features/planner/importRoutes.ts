import { api, IMPORT_PREVIEW_ROWS, type ImportSummary, titleKey } from '@movers/contracts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { ok } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import {
  allocationEtag,
  audit,
  bumpAllocation,
  listFloorDocs,
  listMarkerDocs,
  listPersonDocs,
  listWaveNames,
  newId,
  type PersonDoc,
  type Stored,
  type WaveName,
} from './planner.data.ts';
import { now, writePerson } from './writes.ts';

/** The allocation CSV: it replaces who sits where in one request, guarded by the allocation's ETag. */
export const importRoutes: BoundRoute[] = [
  bind(
    api.planner.importPeople,
    async ({ principal, params, body, ifMatch }) => {
      const move = await readableMove(principal, params.moveId);
      // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch();
      // CSV reading and writing are loaded by the two routes that need them, not when the app starts.
      const { parseAllocation } = await import('./csv.ts');
      const { lines, skipped } = parseAllocation(body.csv);
      if (lines.length > 10000) throw badRequest('validation failed', { csv: 'at most 10000 lines' });
      // A preview answers what the import would do and writes nothing (the screen shows it before the confirmation).
      const preview = body.preview === true;
      if (!preview && !(await bumpAllocation(move.id, etag))) throw new HttpError(412, 'precondition_failed', 'the allocation was changed by someone else');
      const [floors, markers, people, waves] = await Promise.all([
        listFloorDocs(move.id),
        listMarkerDocs(move.id),
        listPersonDocs(move.id),
        listWaveNames(move.id),
      ]);
      // A wave is named in any language of the move, case and surrounding space ignored (issue 48).
      const waveByName = new Map<string, WaveName>();
      for (const wave of waves)
        for (const name of [wave.name, ...Object.values(wave.translations ?? {}).map((t) => t?.name)])
          if (name && !waveByName.has(titleKey(name))) waveByName.set(titleKey(name), wave);
      const floorIds = new Set(floors.map((f) => f.id));
      const spaces = markers.filter((m) => m.markerType === 'room' && floorIds.has(m.layoutId));
      const summary: ImportSummary = { imported: 0, added: 0, moved: 0, withoutSeat: 0, skipped: [...skipped], ...(preview ? { rows: [] } : {}) };
      const by = principal.userId;
      // The file replaces the allocation: everyone is unassigned first, then placed as the file says.
      const pool = new Map<string, Stored<PersonDoc>[]>();
      for (const person of people) {
        const key = titleKey(person.name);
        pool.set(key, [...(pool.get(key) ?? []), person]);
      }
      const placed = new Map<string, string>();
      /** New addresses the file gives people already in the move (a file without the column keeps theirs). */
      const emails = new Map<string, string>();
      /** The waves the file gives its people: a file without the column keeps everyone's. */
      const wavesOf = new Map<string, string | null>();
      /** The same for phone numbers. */
      const phones = new Map<string, string>();
      /** And for departments. */
      const departments = new Map<string, string>();
      for (const line of lines) {
        const wave = line.wave ? waveByName.get(titleKey(line.wave)) : undefined;
        if (line.wave && !wave) {
          summary.skipped.push({ line: line.line, text: line.text, reason: `no wave ${line.wave}` });
          continue;
        }
        let markerId: string | null = null;
        if (line.space !== null) {
          const space = line.space;
          const matches = spaces.filter((s) => titleKey(s.title) === titleKey(space));
          if (matches.length === 0) {
            summary.skipped.push({ line: line.line, text: line.text, reason: `no space ${space}` });
            continue;
          }
          if (matches.length > 1) {
            summary.skipped.push({ line: line.line, text: line.text, reason: `space ${space} is on more than one floor` });
            continue;
          }
          markerId = matches[0].id;
          if (line.table) {
            const table = markers.find((m) => m.markerType === 'table' && m.spaceId === markerId && m.title === line.table);
            if (!table) {
              summary.skipped.push({ line: line.line, text: line.text, reason: `no table ${line.table} in space ${space}` });
              continue;
            }
            markerId = table.id;
          }
        }
        const candidates = pool.get(titleKey(line.name)) ?? [];
        const person = candidates.shift();
        const id = person?.id ?? newId(move.id);
        if (markerId) placed.set(id, markerId);
        if (line.wave !== null) wavesOf.set(id, wave?.id ?? null);
        if (!person) {
          summary.added += 1;
          if (!markerId) summary.withoutSeat += 1;
          if (!preview) {
            await writePerson({
              id,
              moveId: move.id,
              type: 'person',
              name: line.name,
              markerId,
              stickersCount: null,
              email: line.email,
              waveId: wave?.id ?? null,
              phone: line.phone,
              department: line.department,
              ...audit(by),
            });
          }
        } else {
          if (line.email && line.email !== person.email) emails.set(id, line.email);
          if (line.phone && line.phone !== person.phone) phones.set(id, line.phone);
          if (line.department && line.department !== person.department) departments.set(id, line.department);
        }
        summary.imported += 1;
        if (summary.rows && summary.rows.length < IMPORT_PREVIEW_ROWS)
          summary.rows.push({
            line: line.line,
            name: line.name,
            email: line.email,
            ...(line.phone ? { phone: line.phone } : {}),
            ...(line.department ? { department: line.department } : {}),
            markerId,
            waveId: wave?.id ?? null,
            wave: wave?.name ?? null,
          });
      }
      for (const person of people) {
        const markerId = placed.get(person.id) ?? null;
        const email = emails.get(person.id) ?? person.email ?? null;
        const waveId = wavesOf.has(person.id) ? wavesOf.get(person.id)! : (person.waveId ?? null);
        const phone = phones.get(person.id) ?? person.phone ?? null;
        const department = departments.get(person.id) ?? person.department ?? null;
        if (markerId === null) summary.withoutSeat += 1;
        else if (person.markerId !== markerId) summary.moved += 1;
        if (
          person.markerId === markerId &&
          (person.email ?? null) === email &&
          (person.waveId ?? null) === waveId &&
          (person.phone ?? null) === phone &&
          (person.department ?? null) === department
        )
          continue;
        if (preview) continue;
        const { etag: _e, ...doc } = person;
        await writePerson({ ...doc, markerId, email, waveId, phone, department, updatedAt: now(), updatedBy: by });
      }
      summary.skipped.sort((a, b) => a.line - b.line);
      return ok(summary, { ETag: await allocationEtag(move.id) });
    },
    { authorize: moveAccess },
  ),
];
