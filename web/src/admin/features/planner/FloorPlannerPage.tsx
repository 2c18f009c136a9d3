import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { defaultFloorId } from '@movers/contracts';
import { useEffect, useState } from 'react';
import { ChunkSuspense } from '../../../common/ChunkSuspense.tsx';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { preloadLazy, retryableLazy } from '../../../common/retryableLazy.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { ScreenLanguage } from '../../../common/ScreenLanguage.tsx';
import { MoveCrumbs } from '../moves/index.ts';
import { downloadLabels, useAllMarkers, useFloors, useMoveOverview, useMoveWaves, usePeople } from './api.ts';
import { useWaves } from '../waves/index.ts';
import { PlannerUndo } from './PlannerUndo.tsx';
import { type PlannerLanguage, PlannerTextContext, plannerTexts } from './text.ts';

const UploadStep = retryableLazy(() => import('./UploadStep.tsx'));
const MarkStep = retryableLazy(() => import('./MarkStep.tsx'));
const PeopleStep = retryableLazy(() => import('./PeopleStep.tsx'));
const LabelsStep = retryableLazy(() => import('./LabelsStep.tsx'));

const stepScreens = { floors: UploadStep, areas: MarkStep, people: PeopleStep, labels: LabelsStep };

/** The steps in their order (spec part 2, section 4), as the address names them. */
export const plannerSteps = ['floors', 'areas', 'people', 'labels'] as const;
export type PlannerStep = (typeof plannerSteps)[number];

const LANGUAGE_KEY = 'planner-language';
const storedLanguage = (): PlannerLanguage => (localStorage.getItem(LANGUAGE_KEY) === 'no' ? 'no' : 'en');

/**
 * FLOOR_PLANNER: the four-step wizard (spec part 2, section 2). The step and the floor are in the address
 * (`?step=areas&floor=…`), so a step can be jumped to, bookmarked and left with the browser's back. With
 * no floor the Upload step shows.
 */
export default function FloorPlannerPage() {
  const { moveId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const api = useApi();
  const toast = useToast();
  const [language, setLanguage] = useState<PlannerLanguage>(storedLanguage);
  const t = plannerTexts[language];
  const move = useMoveOverview(moveId);
  const floors = useFloors(moveId);
  const list = floors.data ?? [];
  const asked = search.get('step') as PlannerStep | null;
  const step: PlannerStep = asked && plannerSteps.includes(asked) ? asked : list.length > 0 ? 'areas' : 'floors';
  const index = plannerSteps.indexOf(step);
  // The floor chosen: the one in the address while it exists, else the default, else the first.
  const named = search.get('floor');
  const floorId = list.some((f) => f.id === named)
    ? named
    : defaultFloorId(
        list.map((f) => ({ id: f.id, title: f.floor_name })),
        list.find((f) => f.isDefault)?.id,
      );
  const current = step !== 'floors' && list.length === 0 && floors.status === 'ready' ? 'floors' : step;
  // The step's chunk asked for while the move and its floors are read, not once they have answered (issue 56).
  preloadLazy(stepScreens[current]);
  // The people and labels steps read the people, every floor's markers and the waves: asked for here, while
  // the step's own code loads, not after it (issue 56: one round trip fewer before a long list shows). The
  // steps' own hooks share these reads.
  const lists = current === 'people' || current === 'labels' ? moveId : '';
  usePeople(lists);
  useAllMarkers(lists);
  useMoveWaves(current === 'labels' ? moveId : '');
  useWaves(current === 'people' ? moveId : undefined);

  // Without a step in the address the planner opens on Marking when there are floors, else on Upload;
  // the choice is written down so that adding the first floor does not leave the Upload step.
  useEffect(() => {
    if (!asked && floors.status === 'ready')
      setSearch(
        (params) => {
          params.set('step', list.length > 0 ? 'areas' : 'floors');
          return params;
        },
        { replace: true },
      );
  }, [asked, floors.status, list.length, setSearch]);

  useEffect(() => {
    document.documentElement.lang = language === 'no' ? 'nb' : 'en';
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);

  const go = (to: PlannerStep, floor = floorId) =>
    setSearch((params) => {
      params.set('step', to);
      if (floor) params.set('floor', floor);
      return params;
    });
  const chooseFloor = (id: string) => go(current, id);

  async function finish() {
    if (!move.data) return;
    try {
      await downloadLabels(api, move.data, { lang: t.waves.lang });
    } catch {
      toast.error(t.csvFailed);
    }
  }

  const ready = floors.status === 'ready' && move.status === 'ready';
  return (
    <PlannerTextContext.Provider value={t}>
      <Stack tokens={{ childrenGap: 16 }}>
        <MoveCrumbs current={t.floorplan} />
        <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 12 }}>
          <Text as="h1" variant="xxLarge">
            {t.steps[plannerSteps.indexOf(current)]}
          </Text>
          <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }}>
            {/* Beside the language, not above the plan: the plan and its popup stay where they were (issue 50). */}
            <PlannerUndo moveId={moveId} />
            {/* The admin's own dropdown (Fluent), as every other choice in the admin; the names in their own language. */}
            <ScreenLanguage
              label={t.language}
              language={language}
              onChange={(next) => {
                localStorage.setItem(LANGUAGE_KEY, next);
                setLanguage(next);
              }}
            />
          </Stack>
        </Stack>
        <nav aria-label={t.stepsLabel}>
          <ol style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}>
            {plannerSteps.map((s, i) => (
              <li key={s}>
                <DefaultButton
                  text={`${i + 1}. ${t.shortSteps[i]}`}
                  title={t.steps[i]}
                  aria-current={s === current ? 'step' : undefined}
                  checked={s === current}
                  disabled={s !== 'floors' && list.length === 0}
                  onClick={() => go(s)}
                />
              </li>
            ))}
          </ol>
        </nav>
        {(floors.status === 'failed' || move.status === 'failed') && (
          <MessageBar messageBarType={MessageBarType.error}>{floors.status === 'failed' ? t.errors.getLayouts : t.errors.getMove}</MessageBar>
        )}
        {!ready && floors.status !== 'failed' && move.status !== 'failed' && <Spinner size={SpinnerSize.large} label={t.loading} />}
        {ready && move.data && (
          <ChunkSuspense fallback={<Spinner size={SpinnerSize.large} label={t.loading} />}>
            {current === 'floors' && <UploadStep moveId={moveId} floors={list} />}
            {current === 'areas' && floorId && <MarkStep moveId={moveId} floors={list} floorId={floorId} onFloor={chooseFloor} />}
            {current === 'people' && <PeopleStep move={move.data} floors={list} />}
            {current === 'labels' && <LabelsStep move={move.data} floors={list} />}
          </ChunkSuspense>
        )}
        <Stack horizontal wrap tokens={{ childrenGap: 8 }} styles={{ root: { borderTop: '1px solid #edebe9', paddingTop: 12 } }}>
          {index > 0 && <DefaultButton text={t.previous} onClick={() => go(plannerSteps[index - 1])} />}
          {index < plannerSteps.length - 1 && <PrimaryButton text={t.continue} disabled={list.length === 0} onClick={() => go(plannerSteps[index + 1])} />}
          {index === plannerSteps.length - 1 && <PrimaryButton text={t.downloadCsv} disabled={!move.data} onClick={() => void finish()} />}
          <DefaultButton text={t.cancel} onClick={() => navigate(-1)} />
        </Stack>
      </Stack>
    </PlannerTextContext.Provider>
  );
}
