import {
  api,
  type ContentLocale,
  type ItemTranslations,
  sortTimeline,
  type TimelineOwnerKind,
  type TimelineSection,
  type TimelineSectionInput,
  type timelineOwnerRoutes,
  timelineWriters,
  translationLanguageErrors,
  waveMessages,
} from '@movers/contracts';
import type { Principal } from '../../platform/auth/principal.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { createSection, deleteSection, getSection, listSections, ownerIdOf, parseSectionId, updateSection, type SectionDoc } from './timeline.data.ts';

/**
 * What owns a timeline (a brokering project now, a move later). The owner's feature supplies its
 * collection route and its read check; the timeline code is the same for every owner.
 */
export interface TimelineOwner {
  kind: TimelineOwnerKind;
  /** Its collection routes' contracts (`timelineOwnerRoutes(kind, path, idShape)` in contracts). */
  routes: ReturnType<typeof timelineOwnerRoutes>;
  /**
   * Throws 403 when the caller may not read the owner, 404 when it does not exist. An owner with languages
   * (a move) answers them: its timeline's texts may then be translated into the others.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an owner without languages (a brokering project) answers nothing
  assertReadable(principal: Principal, ownerEntityId: string): Promise<OwnerLanguages | void>;
  /** The owner's waves (a move's, issue 48), which its events may be for; an owner without (a brokering project) takes none. */
  waveIdsOf?(ownerEntityId: string): Promise<Set<string>>;
}

/** Each event's waves must be the owner's (400 naming the event's `waves`). */
async function assertEventWaves(owner: TimelineOwner, ownerEntityId: string, body: Partial<TimelineSectionInput>) {
  const events = body.events ?? [];
  if (!events.some((e) => e.waves && e.waves.length > 0)) return;
  const known = (await owner.waveIdsOf?.(ownerEntityId)) ?? new Set<string>();
  const errors = Object.fromEntries(
    events.flatMap((e, i) => ((e.waves ?? []).some((id) => !known.has(id)) ? [[`events[${i}].waves`, waveMessages.notAWave]] : [])),
  );
  if (Object.keys(errors).length > 0) throw badRequest('validation failed', errors);
}

export type OwnerLanguages = { languages: ContentLocale[]; defaultLanguage: ContentLocale };

/** The section's and its events' translations must be in the owner's other languages (400 naming them). */
function assertTranslationLanguages(body: Partial<TimelineSectionInput>, languages: OwnerLanguages | null) {
  const errors = {
    ...translationLanguageErrors(body.translations as ItemTranslations<string> | undefined, languages),
    ...Object.assign({}, ...(body.events ?? []).map((e, i) => translationLanguageErrors(e.translations, languages, `events[${i}].translations`))),
  } as Record<string, string>;
  if (Object.keys(errors).length > 0) throw badRequest(`translations: ${Object.values(errors).join('; ')}`, errors);
}

const toSection = (doc: SectionDoc & { etag?: string }): TimelineSection => sortTimeline([doc])[0];

/** Who may change an owner's timeline is `timelineWriters` (contracts): internal users, or every reader. */
async function assertWritable(owner: TimelineOwner, principal: Principal, ownerEntityId: string): Promise<OwnerLanguages | null> {
  const languages = await owner.assertReadable(principal, ownerEntityId);
  if (timelineWriters[owner.kind] === 'internal' && !principal.isInternal) throw forbidden();
  return languages || null;
}

/** The timeline routes for the given owners: reading follows the owner, changing follows `timelineWriters`. */
export function timelineRoutes(owners: TimelineOwner[]): BoundRoute[] {
  const ownerOf = (kind: string) => owners.find((o) => o.kind === kind);

  /** A section the caller may change: its owner's rules are checked first (403), then the section (404). */
  async function writableSection(principal: Principal, sectionId: string) {
    const parsed = parseSectionId(sectionId);
    const owner = parsed && ownerOf(parsed.kind);
    if (!parsed || !owner) throw notFound('section not found');
    const languages = await assertWritable(owner, principal, parsed.entityId);
    const doc = await getSection(sectionId);
    if (!doc) throw notFound('section not found');
    return { doc, languages, owner, ownerEntityId: parsed.entityId };
  }

  const perOwner = owners.flatMap((owner): BoundRoute[] => [
    bind(owner.routes.list, async ({ principal, params }) => {
      await owner.assertReadable(principal, params.ownerId);
      const docs = await listSections(ownerIdOf(owner.kind, params.ownerId));
      return ok(sortTimeline(docs));
    }),
    bind(
      owner.routes.create,
      async ({ body, principal, params }) => {
        assertTranslationLanguages(body, await assertWritable(owner, principal, params.ownerId));
        await assertEventWaves(owner, params.ownerId, body);
        return withEtag(toSection(await createSection(owner.kind, params.ownerId, body, principal.userId)), 201);
      },
      { authorize: ({ principal, params }) => assertWritable(owner, principal, params.ownerId) },
    ),
  ]);

  return [
    ...perOwner,
    bind(
      api.timelineSections.update,
      async ({ body, principal, params, ifMatch }) => {
        const { doc: current, languages, owner, ownerEntityId } = await writableSection(principal, params.sectionId);
        assertTranslationLanguages(body, languages);
        await assertEventWaves(owner, ownerEntityId, body);
        return withEtag(toSection(await updateSection(current, body, principal.userId, ifMatch())));
      },
      { authorize: ({ principal, params }) => writableSection(principal, params.sectionId) },
    ),
    bind(
      api.timelineSections.delete,
      async ({ principal, params, ifMatch }) => {
        const { doc: current } = await writableSection(principal, params.sectionId);
        await deleteSection(current, ifMatch());
        return noContent();
      },
      // Who may not write the owner's timeline (an External user on a brokering project's) is refused before anything sent is read.
      { authorize: ({ principal, params }) => writableSection(principal, params.sectionId) },
    ),
  ];
}
