import { Checkbox, DefaultButton, Dropdown, IconButton, PrimaryButton, ProgressIndicator, Stack, Text, TextField } from '@fluentui/react';
import {
  acceptOf,
  FLOOR_DIRECTIONS_MAX,
  FLOOR_SOURCE_MAX_BYTES,
  type Floor,
  type FloorSize,
  FLOOR_IMAGE_MAX_BYTES,
  floorPlanFileRule,
  format,
  type LabelColor,
  pdfFileRule,
  titleKey,
} from '@movers/contracts';
import { lazy, Suspense, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { fileFits, fileProblem } from '../../../common/fileCheck.ts';
import { limitText } from '../../../common/forms/textLimit.ts';
import { orderedCell as cell, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { FileButton } from './FileButton.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { createFloor, deleteFloor, type FloorChange, floorSource, replaceFloorImage, updateFloor } from './api.ts';
import type { PdfFloorsMode } from './PdfFloors.tsx';
import { FloorImage } from './FloorImage.tsx';
import { layoutSaveError } from './layoutRefusal.ts';
import { LabelColorPicker } from './LabelColorPicker.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { usePlannerText } from './text.ts';

const ACCEPT = acceptOf(floorPlanFileRule);

// A PDF's pages as floors (issue 50): PDF.js and its dialog load only when a PDF is chosen.
const PdfFloors = lazy(() => import('./PdfFloors.tsx'));

/** A PDF being read for floors, its pages offered in PdfFloors' dialog. */
interface PdfJob {
  file: File;
  mode: PdfFloorsMode;
}

const tooLargePdf = (file: File) => file.size > FLOOR_SOURCE_MAX_BYTES;

/**
 * What is wrong with a file chosen for a plan, said of this file (issue 55): empty, or a PDF or an image by
 * its name whose content is not; the list of types only when its type is none of them. Null: it fits.
 */
async function planFileProblem(file: File, t: ReturnType<typeof usePlannerText>): Promise<string | null> {
  const asPdf = await fileProblem(file, pdfFileRule);
  if (asPdf === null) return null;
  if (asPdf === 'empty') return format(t.fileEmpty, { file: file.name });
  if (asPdf === 'content') return format(t.pdfNotPdf, { file: file.name });
  const asPlan = await fileProblem(file, floorPlanFileRule);
  if (asPlan === null) return null;
  if (asPlan === 'empty') return format(t.fileEmpty, { file: file.name });
  if (asPlan === 'content') return format(t.imageNotImage, { file: file.name });
  return t.imageFileType;
}

/** Step 1, 'Specify floors': the floors in a table (edited in place), a new-row editor and a gallery of the plans. */
export default function UploadStep({ moveId, floors }: { moveId: string; floors: Floor[] }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const [deleting, setDeleting] = useState<Floor | null>(null);
  const [replacing, setReplacing] = useState<{ floor: Floor; file: File; source?: File } | null>(null);
  const [pdfJob, setPdfJob] = useState<PdfJob | null>(null);
  const sizeOptions = [
    { key: 'small', text: t.small },
    { key: 'large', text: t.large },
  ];

  async function change(floor: Floor, edit: FloorChange, done: string, failed: string) {
    try {
      await updateFloor(api, floor, edit);
      toast.success(done);
    } catch {
      toast.error(failed);
    }
  }

  /** A PDF for a floor's new plan: one of its pages, chosen in PdfFloors' dialog. */
  function replaceFromPdf(floor: Floor, file: File) {
    if (tooLargePdf(file)) return toast.error(`${t.errors.saveLayout}: max ${FLOOR_SOURCE_MAX_BYTES / 1024 / 1024} MB`);
    setPdfJob({ file, mode: { kind: 'replace', floor, replace: (f, image, source) => replace(f, image, false, source) } });
  }

  /** The PDF kept with the floor, its pages offered again. */
  async function otherPage(floor: Floor) {
    try {
      const file = await floorSource(api, floor);
      if (file) replaceFromPdf(floor, file);
    } catch {
      toast.error(t.errors.saveLayout);
    }
  }

  async function chooseReplacement(floor: Floor, file: File) {
    const problem = await planFileProblem(file, t);
    if (problem) return toast.error(problem);
    if (await fileFits(file, pdfFileRule)) return replaceFromPdf(floor, file);
    return replace(floor, file, false);
  }

  async function replace(floor: Floor, file: File, confirmReset: boolean, source?: File) {
    // Refused before the upload, in the words of the add form and the API.
    if (!(await fileFits(file, floorPlanFileRule))) return toast.error((await planFileProblem(file, t)) ?? t.imageFileType);
    try {
      await replaceFloorImage(api, floor, file, confirmReset, source);
      toast.success(t.imageReplaced);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409 && !confirmReset) setReplacing({ floor, file, source });
      else toast.error(layoutSaveError(error, t));
    }
  }

  async function confirmDelete() {
    const floor = deleting;
    setDeleting(null);
    if (!floor) return;
    try {
      await deleteFloor(api, floor);
      toast.success(t.floorDeleted);
    } catch {
      toast.error(t.errors.saveLayout);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Text as="h2" variant="xLarge">
        {t.specifyFloors}
      </Text>
      {floors.length === 0 ? (
        <Text>{t.noFloors}</Text>
      ) : (
        // On a phone the table scrolls inside its box, not the page (it is wider than 390 px).
        <SideScroll>
          <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={t.specifyFloors}>
            <thead>
              <tr>
                {[t.floorNumber, t.floorSize, t.labelColor, t.isDefault, t.uploadFile, t.directions].map((h) => (
                  <th key={h} style={cell} scope="col">
                    {h}
                  </th>
                ))}
                <th style={cell} scope="col">
                  <span style={visuallyHidden}>{t.deleteFloor}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {floors.map((floor) => (
                <tr key={floor.id}>
                  <td style={cell}>
                    <FloorTitle
                      floor={floor}
                      onSave={(title) => {
                        // A title another floor has swaps the two (the server's rule): said as such.
                        const holder = floors.find((f) => f.id !== floor.id && titleKey(f.floor_name) === titleKey(title));
                        const done = holder ? format(t.floorsSwapped, { from: floor.floor_name, to: holder.floor_name }) : t.floorNumberUpdated;
                        return change(floor, { floor_name: title }, done, t.floorNumberFailed);
                      }}
                    />
                  </td>
                  <td style={cell}>
                    <Dropdown
                      ariaLabel={`${t.floorSize} ${floor.floor_name}`}
                      options={sizeOptions}
                      selectedKey={floor.floor_size}
                      onChange={(_, o) => o && void change(floor, { floor_size: o.key as FloorSize }, t.floorSizeUpdated, t.floorSizeFailed)}
                    />
                  </td>
                  <td style={cell}>
                    <LabelColorPicker
                      label={`${t.labelColor} ${floor.floor_name}`}
                      value={floor.label_color}
                      onChange={(color) => void change(floor, { label_color: color }, t.floorLabelUpdated, t.floorLabelFailed)}
                    />
                  </td>
                  <td style={cell}>
                    <input
                      type="radio"
                      name="default-floor"
                      aria-label={`${t.isDefault} ${floor.floor_name}`}
                      checked={floor.isDefault}
                      onChange={() => void change(floor, { isDefault: true }, t.defaultFloorUpdated, t.defaultFloorFailed)}
                    />
                  </td>
                  <td style={cell}>
                    <FileButton
                      label={`${t.replaceImage} ${floor.floor_name}`}
                      text={t.replaceImage}
                      accept={ACCEPT}
                      onFile={(file) => void chooseReplacement(floor, file)}
                    />
                    <Text variant="small" styles={{ root: { display: 'block' } }}>
                      {floor.file_name}
                    </Text>
                    {floor.source && (
                      <DefaultButton
                        text={format(t.pdfOtherPage, { file: floor.source.file_name })}
                        ariaLabel={`${format(t.pdfOtherPage, { file: floor.source.file_name })}: ${t.floor} ${floor.floor_name}`}
                        onClick={() => void otherPage(floor)}
                        styles={{ root: { marginTop: 4 } }}
                      />
                    )}
                  </td>
                  <td style={cell}>
                    <FloorDirections
                      key={`${floor.id}:${floor.directions ?? ''}`}
                      floor={floor}
                      onSave={(directions) => change(floor, { directions }, t.directionsUpdated, t.directionsFailed)}
                    />
                  </td>
                  <td style={cell}>
                    <IconButton
                      iconProps={{ iconName: 'Delete' }}
                      ariaLabel={`${t.deleteFloor} ${floor.floor_name}`}
                      title={t.deleteFloor}
                      onClick={() => setDeleting(floor)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
      <NewFloor moveId={moveId} floors={floors} />
      {floors.length > 0 && (
        <section aria-label={t.gallery}>
          <Text as="h3" variant="large">
            {t.gallery}
          </Text>
          <ul style={{ display: 'flex', flexWrap: 'wrap', gap: 16, listStyle: 'none', padding: 0 }}>
            {floors.map((floor) => (
              <li key={floor.id} style={{ width: 200 }}>
                <figure style={{ margin: 0 }}>
                  {/* The caption names the plan: the image is not named again. */}
                  <FloorImage floor={floor} alt="" style={{ width: 200, height: 'auto', border: '1px solid #edebe9' }} />
                  <figcaption>
                    {t.floor} {floor.floor_name}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      )}
      <PlannerConfirmDialog
        open={Boolean(deleting)}
        title={t.deleteFloor}
        text={deleting ? format(t.deleteFloorConfirm, { n: deleting.floor_name }) : ''}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
      <PlannerConfirmDialog
        open={Boolean(replacing)}
        title={t.replaceImage}
        text={t.aspectChanged}
        confirmText={t.replaceImage}
        onConfirm={() => {
          const job = replacing;
          setReplacing(null);
          if (job) void replace(job.floor, job.file, true, job.source);
        }}
        onCancel={() => setReplacing(null)}
      />
      {pdfJob && (
        <Suspense fallback={null}>
          <PdfFloors file={pdfJob.file} mode={pdfJob.mode} onProblem={(message) => toast.error(message)} onDone={() => setPdfJob(null)} />
        </Suspense>
      )}
    </Stack>
  );
}

/** A floor's title, saved on Enter or on leaving the field when it changed; a title another floor has swaps the two. */
function FloorTitle({ floor, onSave }: { floor: Floor; onSave: (title: string) => Promise<void> }) {
  const t = usePlannerText();
  const [value, setValue] = useState(floor.floor_name);
  const [error, setError] = useState<string>();
  const [shown, setShown] = useState(floor.floor_name);
  if (shown !== floor.floor_name) {
    setShown(floor.floor_name);
    setValue(floor.floor_name);
  }
  const commit = () => {
    const title = value.trim();
    if (!title) return setError(t.floorRequired);
    setError(undefined);
    if (title !== floor.floor_name) void onSave(title);
  };
  return (
    <TextField
      ariaLabel={`${t.floorNumber} ${floor.floor_name}`}
      value={value}
      inputMode="numeric"
      errorMessage={error}
      onChange={(_, v) => setValue(v ?? '')}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      // Wide enough for a floor number ('3', '12', 'U1') whatever the table's squeeze.
      styles={{ root: { width: 88 }, field: { minWidth: 0 } }}
    />
  );
}

/** The new-row editor: floor number, size, label colour, default and the plan; 'Add floor' checks them as the spec says. */
function NewFloor({ moveId, floors }: { moveId: string; floors: Floor[] }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [size, setSize] = useState<FloorSize>('small');
  const [color, setColor] = useState<LabelColor | null>(null);
  const [isDefault, setIsDefault] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [pdf, setPdf] = useState<File | null>(null);

  /** A file of another type is refused when it is chosen, not after its upload; a PDF's pages are offered as floors. */
  async function choose(chosen: File) {
    const problem = await planFileProblem(chosen, t);
    if (problem) {
      setFile(null);
      return setErrors((all) => ({ ...all, file: problem }));
    }
    if (await fileFits(chosen, pdfFileRule)) {
      setFile(null);
      if (tooLargePdf(chosen)) return setErrors((all) => ({ ...all, file: `${t.errors.saveLayout}: max ${FLOOR_SOURCE_MAX_BYTES / 1024 / 1024} MB` }));
      setErrors((all) => ({ ...all, file: undefined }));
      return setPdf(chosen);
    }
    if (await fileFits(chosen, floorPlanFileRule)) {
      setFile(chosen);
      setErrors((all) => ({ ...all, file: undefined }));
    } else {
      setFile(null);
      setErrors((all) => ({ ...all, file: t.imageFileType }));
    }
  }

  async function add() {
    const name = title.trim();
    const found = {
      title: !name ? t.floorRequired : floors.some((f) => titleKey(f.floor_name) === titleKey(name)) ? t.floorUnique : undefined,
      file: !file ? t.fileRequired : file.size > FLOOR_IMAGE_MAX_BYTES ? `${t.errors.saveLayout}: max ${FLOOR_IMAGE_MAX_BYTES / 1024 / 1024} MB` : undefined,
    };
    setErrors(found);
    if (found.title || found.file || !file) return;
    setProgress(0);
    try {
      await createFloor(
        api,
        moveId,
        { floor_name: name, floor_size: size, label_color: color, isDefault: isDefault || floors.length === 0, file },
        setProgress,
      );
      toast.success(t.floorAdded);
      setTitle('');
      setFile(null);
      setColor(null);
      setIsDefault(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setErrors({ title: t.floorUnique });
      else toast.error(layoutSaveError(error, t));
    } finally {
      setProgress(null);
    }
  }

  return (
    <form
      aria-label={t.addFloor}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <Stack horizontal wrap verticalAlign="start" tokens={{ childrenGap: 12 }}>
        <TextField
          label={t.floorNumber}
          value={title}
          inputMode="numeric"
          errorMessage={errors.title}
          onChange={(_, v) => setTitle(v ?? '')}
          styles={{ root: { width: 140 } }}
        />
        <Dropdown
          label={t.floorSize}
          options={[
            { key: 'small', text: t.small },
            { key: 'large', text: t.large },
          ]}
          selectedKey={size}
          onChange={(_, o) => o && setSize(o.key as FloorSize)}
          styles={{ root: { width: 120 } }}
        />
        <Stack>
          <Text as="span" styles={{ root: { fontWeight: 600, padding: '5px 0' } }}>
            {t.labelColor}
          </Text>
          <LabelColorPicker label={t.labelColor} value={color} onChange={setColor} />
        </Stack>
        <Checkbox label={t.isDefault} checked={isDefault} onChange={(_, c) => setIsDefault(Boolean(c))} styles={{ root: { marginTop: 36 } }} />
        <Stack>
          <Text as="span" styles={{ root: { fontWeight: 600, padding: '5px 0' } }}>
            {t.uploadFile}
          </Text>
          <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
            <FileButton
              label={t.uploadFile}
              text={t.chooseFile}
              accept={ACCEPT}
              onFile={(chosen) => void choose(chosen)}
              disabled={progress !== null || pdf !== null}
            />
            <Text aria-live="polite">{pdf ? t.pdfReading : file ? file.name : t.noFileChosen}</Text>
          </Stack>
          {errors.file && (
            <Text role="alert" styles={{ root: { color: '#a4262c', fontSize: 12 } }}>
              {errors.file}
            </Text>
          )}
        </Stack>
        <PrimaryButton type="submit" text={t.addFloor} disabled={progress !== null} styles={{ root: { marginTop: 30 } }} />
      </Stack>
      {progress !== null && <ProgressIndicator label={t.saving} percentComplete={progress} styles={{ root: { maxWidth: 480 } }} />}
      {pdf && (
        <Suspense fallback={null}>
          <PdfFloors
            file={pdf}
            mode={{ kind: 'add', moveId, floors, firstName: title.trim(), size, color, isDefault }}
            onProblem={(message) => setErrors((all) => ({ ...all, file: message }))}
            onDone={(saved) => {
              setPdf(null);
              if (!saved) return;
              setTitle('');
              setColor(null);
              setIsDefault(false);
            }}
          />
        </Suspense>
      )}
    </form>
  );
}

/** A floor's directions for the people moving in (issue 36): saved when the field is left, if changed. */
function FloorDirections({ floor, onSave }: { floor: Floor; onSave(directions: string | null): Promise<void> }) {
  const t = usePlannerText();
  const saved = floor.directions ?? '';
  const [value, setValue] = useState(saved);
  return (
    <TextField
      ariaLabel={`${t.directions} ${floor.floor_name}`}
      title={t.directionsHint}
      multiline
      rows={2}
      value={value}
      onChange={(_, next) => setValue(limitText(value, next ?? '', FLOOR_DIRECTIONS_MAX))}
      onBlur={() => {
        if (value.trim() !== saved) void onSave(value.trim() || null);
      }}
      styles={{ root: { minWidth: 200 } }}
    />
  );
}
