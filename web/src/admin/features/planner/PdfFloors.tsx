import { Checkbox, DefaultButton, Dialog, DialogFooter, DialogType, PrimaryButton, ProgressIndicator, Text, TextField } from '@fluentui/react';
import { type Floor, type FloorSize, format, type LabelColor, titleKey } from '@movers/contracts';
import { useEffect, useId, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { createFloor } from './api.ts';
import { layoutSaveError } from './layoutRefusal.ts';
import { type PdfProblem, THUMBNAIL_WIDTH } from './pdfPages.ts';
import { type OpenedPdf, openPdf, PdfError } from './pdfRender.ts';
import { usePlannerText } from './text.ts';

// Loaded by the floor step only when a PDF is chosen (issue 50), with PDF.js: the step itself carries
// none of this, so the planner's first screen does not grow.

/** How a PDF is to give floors: new floors from the add form's choices, or one floor's new plan. */
export type PdfFloorsMode =
  | { kind: 'add'; moveId: string; floors: Floor[]; firstName: string; size: FloorSize; color: LabelColor | null; isDefault: boolean }
  | { kind: 'replace'; floor: Floor; replace: (floor: Floor, image: File, source: File) => Promise<void> };

/**
 * A chosen PDF read in the browser and its pages offered; the chosen pages drawn (all of them before
 * anything is sent: a page that cannot be drawn stores nothing) and saved as floors or as the floor's plan.
 * `onProblem` says why a PDF gives none, in the user's language; `onDone` when it is over either way.
 */
export default function PdfFloors({
  file,
  mode,
  onProblem,
  onDone,
}: {
  file: File;
  mode: PdfFloorsMode;
  onProblem: (message: string) => void;
  onDone: (saved: boolean) => void;
}) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const [pdf, setPdf] = useState<OpenedPdf | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const problemText = (problem: PdfProblem) => ({ encrypted: t.pdfEncrypted, damaged: t.pdfDamaged, empty: t.pdfEmpty, tooLarge: t.pdfTooLarge })[problem];
  const problemOf = (error: unknown): PdfProblem => (error instanceof PdfError ? error.problem : 'damaged');

  // biome-ignore lint/correctness/useExhaustiveDependencies: opened once per file
  useEffect(() => {
    let opened: OpenedPdf | undefined;
    let stopped = false;
    openPdf(file).then(
      (done) => {
        opened = done;
        if (stopped) void done.close();
        else setPdf(done);
      },
      (error) => {
        if (stopped) return;
        onProblem(problemText(problemOf(error)));
        onDone(false);
      },
    );
    return () => {
      stopped = true;
      void opened?.close();
    };
  }, [file]);

  async function draw(pages: ChosenPage[]): Promise<File[] | null> {
    const images: File[] = [];
    try {
      for (const [index, { page }] of pages.entries()) {
        setBusy(format(t.pdfDrawing, { n: page, i: index + 1, count: pages.length }));
        images.push(await pdf!.render(page));
      }
      return images;
    } catch (error) {
      onProblem(problemText(problemOf(error)));
      onDone(false);
      return null;
    }
  }

  async function submit(pages: ChosenPage[]) {
    const images = await draw(pages);
    if (!images) return;
    if (mode.kind === 'replace') {
      onDone(true);
      return mode.replace(mode.floor, images[0], file);
    }
    try {
      for (const [index, page] of pages.entries()) {
        setBusy(format(t.pdfSaving, { n: page.name, i: index + 1, count: pages.length }));
        await createFloor(api, mode.moveId, {
          floor_name: page.name,
          floor_size: mode.size,
          label_color: mode.color,
          isDefault: index === 0 && (mode.isDefault || mode.floors.length === 0),
          file: images[index],
          source: file,
        });
      }
      toast.success(pages.length === 1 ? t.floorAdded : format(t.pdfFloorsAdded, { count: pages.length }));
      onDone(true);
    } catch (error) {
      toast.error(layoutSaveError(error, t));
      onDone(false);
    }
  }

  if (!pdf) return null;
  return (
    <PdfPagesDialog
      pdf={pdf}
      fileName={file.name}
      mode={mode.kind === 'add' ? { kind: 'add' } : { kind: 'replace', floorName: mode.floor.floor_name }}
      takenTitles={mode.kind === 'add' ? mode.floors.map((f) => f.floor_name) : []}
      firstName={mode.kind === 'add' ? mode.firstName : ''}
      busy={busy}
      onSubmit={(pages) => void submit(pages)}
      onCancel={() => onDone(false)}
    />
  );
}

/** Thumbnails drawn at once: enough to keep PDF.js's worker and the page busy together. */
const THUMBNAILS_AT_ONCE = 3;

/** A page chosen for a floor, with the floor's name (the name is unused when a plan is replaced). */
export interface ChosenPage {
  page: number;
  name: string;
}

/**
 * The pages of a PDF as thumbnails. Adding: one floor per page ticked, each named (several
 * floors from one file in one go). Replacing: the one page that becomes the floor's plan. Loaded with
 * PDF.js, only once a PDF is chosen.
 */
function PdfPagesDialog({
  pdf,
  fileName,
  mode,
  takenTitles,
  firstName,
  busy,
  onSubmit,
  onCancel,
}: {
  pdf: OpenedPdf;
  fileName: string;
  mode: { kind: 'add' } | { kind: 'replace'; floorName: string };
  /** The floors' titles the move has: a page's name may not be one of them. */
  takenTitles: string[];
  /** The name typed in the add form, given to the first page. */
  firstName: string;
  /** What is being done, while the pages are drawn and saved. */
  busy: string | null;
  onSubmit: (pages: ChosenPage[]) => void;
  onCancel: () => void;
}) {
  const t = usePlannerText();
  const adding = mode.kind === 'add';
  const [thumbnails, setThumbnails] = useState<Record<number, string>>({});
  const [chosen, setChosen] = useState<Record<number, string>>(() => (adding ? { 1: firstName } : { 1: '' }));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [error, setError] = useState<string>();
  const radioName = useId();
  const pages = Array.from({ length: pdf.pageCount }, (_, i) => i + 1);

  // A few pages at a time, in order: PDF.js's worker reads the next page while this thread draws the
  // last one (one at a time, each waited for the other).
  useEffect(() => {
    let stopped = false;
    const urls: string[] = [];
    let next = 1;
    const drawNext = async (): Promise<void> => {
      const page = next++;
      if (stopped || page > pdf.pageCount) return;
      const url = await pdf.thumbnail(page).catch(() => '');
      if (url && stopped) URL.revokeObjectURL(url);
      else if (url) {
        urls.push(url);
        setThumbnails((all) => ({ ...all, [page]: url }));
      }
      return drawNext();
    };
    void Promise.all(Array.from({ length: THUMBNAILS_AT_ONCE }, drawNext));
    return () => {
      stopped = true;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [pdf]);

  function submit() {
    const picked = Object.entries(chosen).map(([page, name]) => ({ page: Number(page), name: name.trim() }));
    if (picked.length === 0) return setError(t.pdfChoosePage);
    setError(undefined);
    if (!adding) return onSubmit(picked.slice(0, 1));
    const found: Record<number, string> = {};
    const taken = new Set(takenTitles.map(titleKey));
    for (const { page, name } of picked) {
      if (!name) found[page] = t.floorRequired;
      else if (taken.has(titleKey(name))) found[page] = t.floorUnique;
      taken.add(titleKey(name));
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onSubmit(picked.sort((a, b) => a.page - b.page));
  }

  const title = adding ? format(t.pdfPagesTitle, { file: fileName }) : format(t.pdfReplaceTitle, { n: mode.floorName, file: fileName });
  return (
    <Dialog
      hidden={false}
      onDismiss={busy ? undefined : onCancel}
      minWidth={Math.min(760, window.innerWidth - 32)}
      dialogContentProps={{ type: DialogType.normal, title, subText: adding ? t.pdfPagesHint : t.pdfReplaceHint }}
    >
      <ul
        aria-label={t.pdfPages}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0, margin: 0, maxHeight: '60vh', overflowY: 'auto' }}
      >
        {pages.map((page) => {
          const label = format(t.pdfPage, { n: page });
          const picked = page in chosen;
          return (
            <li key={page} style={{ width: THUMBNAIL_WIDTH }}>
              {thumbnails[page] ? (
                <img src={thumbnails[page]} alt={label} width={THUMBNAIL_WIDTH} style={{ display: 'block', border: '1px solid #8a8886', height: 'auto' }} />
              ) : (
                <div role="img" aria-label={label} style={{ width: THUMBNAIL_WIDTH, height: THUMBNAIL_WIDTH * 0.7, background: '#f3f2f1' }} />
              )}
              {adding ? (
                <>
                  <Checkbox
                    label={label}
                    checked={picked}
                    disabled={Boolean(busy)}
                    onChange={(_, on) =>
                      setChosen((all) => {
                        const next = { ...all };
                        if (on) next[page] = '';
                        else delete next[page];
                        return next;
                      })
                    }
                    styles={{ root: { marginTop: 4 } }}
                  />
                  {picked && (
                    <TextField
                      label={format(t.pdfPageFloor, { n: page })}
                      value={chosen[page]}
                      inputMode="numeric"
                      disabled={Boolean(busy)}
                      errorMessage={errors[page]}
                      onChange={(_, value) => setChosen((all) => ({ ...all, [page]: value ?? '' }))}
                    />
                  )}
                </>
              ) : (
                <label style={{ display: 'flex', gap: 6, alignItems: 'center', marginTop: 4 }}>
                  <input type="radio" name={radioName} checked={picked} disabled={Boolean(busy)} onChange={() => setChosen({ [page]: '' })} />
                  {label}
                </label>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <Text role="alert" styles={{ root: { color: '#a4262c', display: 'block', marginTop: 8 } }}>
          {error}
        </Text>
      )}
      {busy && <ProgressIndicator label={busy} />}
      <DialogFooter>
        <PrimaryButton text={adding ? t.pdfAddFloors : t.replaceImage} disabled={Boolean(busy)} onClick={submit} />
        <DefaultButton text={t.cancel} disabled={Boolean(busy)} onClick={onCancel} />
      </DialogFooter>
    </Dialog>
  );
}
