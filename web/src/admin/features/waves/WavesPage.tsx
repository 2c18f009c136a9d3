import { DefaultButton, FontIcon, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { format, type WaveList, type WaveWithLoad, waveDays, waveName } from '@movers/contracts';
import { Suspense, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ReactSortable } from 'react-sortablejs';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { failureOf } from '../../../common/api/useResource.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { PlainIconButton } from '../../../common/PlainControls.tsx';
import { PlainRow, PlainTitle } from '../../../common/PlainLayout.tsx';
import { orderedCell as cell, reordered, useAnnouncer, useOrderedMove, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { ScreenLanguage } from '../../../common/ScreenLanguage.tsx';
import { retryableLazy } from '../../../common/retryableLazy.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { MoveCrumbs, useMoveLanguages } from '../moves/index.ts';
import { createWave, deleteWave, moveWave, showWaveOrder, updateWave, useWaves } from './api.ts';
import { type WaveText, useWavesLanguage } from './text.ts';
import { deleteText, loadText, overCapacityTexts } from './loadText.ts';
import { dayText, localTimeText, windowText } from './waveTimesText.ts';

// The form (Formik, its fields, the day picker) loads when a wave is added or changed, not with the list (issue 56).
// Its default export, as a screen's: loading it again after a failure (loadAgain) finds the module by it.
const WaveDialog = retryableLazy(() => import('./WaveDialog.tsx'));

/** Over capacity in words and with an icon: never the colour alone. */
function OverCapacity({ t, wave }: { t: WaveText; wave: WaveWithLoad }) {
  const over = overCapacityTexts(t, wave.capacity, wave.load);
  if (over.length === 0) return null;
  return (
    <div className="plain-small" style={{ color: '#8a3707', fontWeight: 600 }}>
      <FontIcon iconName="Warning" aria-hidden="true" style={{ marginRight: 4, verticalAlign: 'middle' }} />
      {over.join('; ')}
    </div>
  );
}

/**
 * MOVE_WAVES (issue 48): a move's waves by position with day, pack-by, pick-up and arrival (in the move's
 * time zone, said on the screen), capacity and load (over capacity a warning in words and an icon); add and
 * change in a dialog, reorder by dragging or by the move up / move down buttons, delete after a question
 * that says how many people are left in no wave. Below: the plan's days with their load, and the people in
 * no wave. Every change carries its ETag; a 412 says someone changed the waves meanwhile and shows theirs.
 */
export default function WavesPage() {
  const { moveId = '', clientId = '', locationId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const { language, t, choose } = useWavesLanguage();
  const languages = useMoveLanguages();
  const list = useWaves(moveId);
  const [editing, setEditing] = useState<WaveWithLoad | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WaveWithLoad | null>(null);
  const [conflict, setConflict] = useState(false);
  const { announce, region } = useAnnouncer();
  const tableRef = useRef<HTMLTableElement>(null);
  const waves = list.data?.waves ?? [];
  // The screen's language, else the move's default: as on every screen that names a wave (issue 55).
  const nameOf = (w: Parameters<typeof waveName>[0]) => waveName(w, language);

  /** A refused change: a stale ETag is said on the screen, which reads the current waves; anything else a toast. */
  function refused(error: unknown, failed: string) {
    if (error instanceof ApiError && error.status === 412) setConflict(true);
    else toast.error(failed);
    void list.reload();
  }

  const move = useOrderedMove<WaveWithLoad>(
    {
      items: waves,
      titleOf: nameOf,
      show: (wave, to) => (list.data ? showWaveOrder(moveId, { ...list.data, waves: reordered(waves, wave, to) }) : Promise.resolve()),
      send: async (wave, to) => {
        if (!list.data) return;
        try {
          await moveWave(api, moveId, list.data, wave.id, to);
          setConflict(false);
        } catch (error) {
          refused(error, t.reorderedFailed);
        }
      },
      // The shared announcement is English; the screen says it in its own language.
      announce: () => undefined,
    },
    tableRef,
  );
  const moveTo = (wave: WaveWithLoad, from: number, to: number, byKeyboard: boolean) => {
    if (to < 0 || to >= waves.length || from === to) return;
    announce(format(t.moved, { name: nameOf(wave), position: to + 1, count: waves.length }));
    void move(wave, from, to, byKeyboard);
  };

  const failure = failureOf(list);
  if (failure === 'forbidden' || failure === 'notFound')
    return (
      <LoadFailure
        resource={list}
        failedText={t.failed}
        parent={{ text: 'location', to: pathTo('CLIENT_LOCATION', { clientId, locationId }) }}
        what="move service"
      />
    );

  const overCount = waves.filter((w) => w.overCapacity.people || w.overCapacity.crates).length;
  const days = waveDays(waves);

  async function remove() {
    const wave = deleting;
    setDeleting(null);
    if (!wave) return;
    try {
      const unassigned = await deleteWave(api, wave);
      setConflict(false);
      toast.success(format(t.deleted, { count: unassigned }));
      announce(format(t.deleted, { count: unassigned }));
    } catch (error) {
      refused(error, t.deleteFailed);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={t.title} />
      <PlainRow gap={12} align="center" spread>
        <PlainTitle>{t.title}</PlainTitle>
        <ScreenLanguage label={t.language} language={language} onChange={choose} />
      </PlainRow>
      {region}
      {list.data && <div>{format(t.timeZone, { zone: list.data.timeZone })}</div>}
      <Stack.Item>
        <PrimaryButton
          text={t.add}
          iconProps={{ iconName: 'Add' }}
          disabled={!list.data}
          onClick={() => {
            setConflict(false);
            setEditing('new');
          }}
        />
      </Stack.Item>
      {conflict && (
        <MessageBar messageBarType={MessageBarType.warning} isMultiline onDismiss={() => setConflict(false)} dismissButtonAriaLabel={t.cancel}>
          {t.conflict}
        </MessageBar>
      )}
      {overCount > 0 && (
        <MessageBar messageBarType={MessageBarType.warning}>{overCount === 1 ? t.overListOne : format(t.overList, { count: overCount })}</MessageBar>
      )}
      {list.status === 'loading' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {list.status === 'failed' && (
        <MessageBar messageBarType={MessageBarType.error} actions={<DefaultButton text="retry" onClick={() => void list.reload()} />}>
          {t.failed}
        </MessageBar>
      )}
      {list.data && waves.length === 0 && <Text>{t.none}</Text>}
      {list.data && waves.length > 0 && (
        <SideScroll>
          <table ref={tableRef} aria-label={t.list} style={{ borderCollapse: 'collapse', width: '100%' }}>
            <thead>
              <tr>
                <th style={cell} scope="col">
                  <span style={visuallyHidden}>{t.order}</span>
                </th>
                {[t.name, t.day, t.packBy, t.pickUp, t.arrival, t.people, t.crates].map((h) => (
                  <th key={h} style={cell} scope="col">
                    {h}
                  </th>
                ))}
                <th style={cell} scope="col">
                  <span style={visuallyHidden}>{t.edit}</span>
                </th>
              </tr>
            </thead>
            <ReactSortable
              tag="tbody"
              list={waves.map((w) => ({ ...w }))}
              // The order is the server's: a drop is sent, shown at once and read back from its answer.
              setList={() => undefined}
              handle=".ordered-drag-handle"
              animation={150}
              onEnd={(event) => {
                const from = event.oldIndex ?? -1;
                const to = event.newIndex ?? -1;
                if (waves[from]) moveTo(waves[from], from, to, false);
              }}
            >
              {waves.map((wave, index) => {
                const name = nameOf(wave);
                return (
                  <tr key={wave.id} data-row={wave.id} data-wave={name}>
                    <td style={cell}>
                      <div style={{ display: 'flex', alignItems: 'center' }}>
                        <FontIcon iconName="GripperDotsVertical" className="ordered-drag-handle" style={{ cursor: 'grab', padding: 4 }} aria-hidden="true" />
                        <PlainIconButton
                          icon="ChevronUp"
                          label={format(t.moveUp, { name })}
                          data-move="up"
                          disabled={index === 0}
                          onClick={() => moveTo(wave, index, index - 1, true)}
                        />
                        <PlainIconButton
                          icon="ChevronDown"
                          label={format(t.moveDown, { name })}
                          data-move="down"
                          disabled={index === waves.length - 1}
                          onClick={() => moveTo(wave, index, index + 1, true)}
                        />
                      </div>
                    </td>
                    <th style={{ ...cell, fontWeight: 600 }} scope="row">
                      {name}
                      {wave.color && <div className="plain-small">{`${t.color}: ${t.colors[wave.color]}`}</div>}
                      <div className="plain-small">{format(t.stickerNumber, { n: index + 1 })}</div>
                    </th>
                    <td style={cell}>{dayText(wave.day)}</td>
                    <td style={cell}>{wave.packBy ? localTimeText(wave.packBy) : t.notSet}</td>
                    <td style={cell}>{windowText(wave.pickUp, t.notSet)}</td>
                    <td style={cell}>{windowText(wave.arrival, t.notSet)}</td>
                    <td style={cell}>{loadText(t, wave.load.people, wave.capacity.people)}</td>
                    <td style={cell}>
                      {loadText(t, wave.load.crates, wave.capacity.crates)}
                      <OverCapacity t={t} wave={wave} />
                    </td>
                    <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                      <PlainIconButton
                        icon="Edit"
                        label={format(t.editNamed, { name })}
                        title={t.edit}
                        onClick={() => {
                          setConflict(false);
                          setEditing(wave);
                        }}
                      />
                      <PlainIconButton icon="Delete" label={format(t.deleteNamed, { name })} title={t.delete} onClick={() => setDeleting(wave)} />
                    </td>
                  </tr>
                );
              })}
            </ReactSortable>
          </table>
        </SideScroll>
      )}
      {list.data && <PlanDays t={t} list={list.data} days={days} />}
      {editing && list.data && (
        <Suspense fallback={null}>
          <WaveDialog
            // A wave read again after a conflict opens anew, with their version in its boxes.
            key={editing === 'new' ? 'new' : editing.etag}
            t={t}
            stale={conflict}
            wave={editing === 'new' ? null : editing}
            shownName={editing === 'new' ? undefined : nameOf(editing)}
            languages={languages}
            timeZone={list.data.timeZone}
            onCancel={() => setEditing(null)}
            onSave={async (body) => {
              try {
                if (editing === 'new') await createWave(api, moveId, body);
                else await updateWave(api, editing, body);
              } catch (error) {
                // Stale: the dialog says so and shows the wave as it is now; saving again is a choice made with it in sight.
                if (error instanceof ApiError && error.status === 412 && editing !== 'new') {
                  setConflict(true);
                  const current = (await list.reload())?.waves.find((w) => w.id === editing.id);
                  if (current) setEditing(current);
                  return;
                }
                throw error;
              }
              setConflict(false);
              setEditing(null);
              toast.success(editing === 'new' ? t.added : t.updated);
            }}
          />
        </Suspense>
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting ? format(t.deleteTitle, { name: nameOf(deleting) }) : t.delete}
        text={deleting ? deleteText(t, deleting.load.people) : undefined}
        confirmText={t.delete}
        cancelText={t.cancel}
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The plan's days with their waves and load, and the people in no wave. */
function PlanDays({ t, list, days }: { t: WaveText; list: WaveList; days: ReturnType<typeof waveDays> }) {
  return (
    <>
      <section aria-labelledby="wave-days">
        <Text as="h2" variant="xLarge" id="wave-days" block>
          {t.days}
        </Text>
        {days.length === 0 ? (
          <Text>{t.noDays}</Text>
        ) : (
          <SideScroll>
            <table aria-labelledby="wave-days" style={{ borderCollapse: 'collapse', maxWidth: 560, width: '100%' }}>
              <thead>
                <tr>
                  {[t.dayColumn, t.wavesColumn, t.people, t.crates].map((h) => (
                    <th key={h} style={cell} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {days.map((d) => (
                  <tr key={d.day}>
                    <th style={cell} scope="row">
                      {dayText(d.day)}
                    </th>
                    <td style={cell}>{d.waves}</td>
                    <td style={cell}>{d.load.people}</td>
                    <td style={cell}>{d.load.crates}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroll>
        )}
      </section>
      <section aria-labelledby="wave-none">
        <Text as="h2" variant="xLarge" id="wave-none" block>
          {t.withoutWave}
        </Text>
        <Text data-testid="without-wave">
          {list.withoutWave.people === 0 ? t.everyoneInWave : format(t.withoutWaveText, { people: list.withoutWave.people, crates: list.withoutWave.crates })}
        </Text>
      </section>
    </>
  );
}
