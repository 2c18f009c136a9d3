import { ChoiceGroup, DefaultButton, MessageBar, MessageBarType, Stack } from '@fluentui/react';
import { MOVE_DAY_NO_WAVE, type MoveDayGrouping, type MoveDayTimeline } from '@movers/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { PlainLabeledSelect } from '../../../common/PlainControls.tsx';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { PlainColumn, PlainHeading } from '../../../common/PlainLayout.tsx';
import { useTimeline } from './api.ts';
import { arrivalPosition, type DayChartRow, dayChartRows, seriesOf } from './dayChartRows.ts';
import './dayChart.css';
import { namesKey, optionsOf } from './namedOptions.ts';
import type { BoardText } from './text.ts';

const ARRIVALS = '#0078d4';
const SHARE = '#323130';
const REPORTS = '#ca5010';
/** The wave's arrival line: dark green, apart from the series' colours, and dashed so it is told apart without colour. */
const MARK = '#0b6a0b';
const HEIGHT = 220;
const MIN_QUARTERS = 8;

/**
 * The day as a picture (issue 49): arrivals per 15 minutes with the running share of the expected, and the
 * reports per 15 minutes beside it, for the whole move, one floor or one wave (the grouping is the route's
 * `by`). uPlot draws them: a canvas chart of ≈ 23 KB gzipped (Chart.js with only the parts it would need: ≈ 61 KB), loaded with the board
 * only. A canvas says nothing to a screen reader, so each chart is an image whose name sums it up, and the
 * same figures are a table, shown on demand and always in print. Times are the move's own clock, as the
 * server wrote each quarter's start. A wave's arrival time is a line on the arrivals chart and a sentence
 * beside it. `wave`: the board's chosen wave (issue 48), which the chart shows per wave, that wave chosen.
 * `drawn`: false while the board draws its count first (issue 56); the chart is read meanwhile.
 */
export function DayChart({ moveId, t, wave, drawn = true }: { moveId: string; t: BoardText; wave?: string; drawn?: boolean }) {
  const [by, setBy] = useState<MoveDayGrouping>(wave ? 'wave' : 'floor');
  const [group, setGroup] = useState(wave ?? 'all');
  // One choice of wave narrows the board, the map and the chart alike.
  useEffect(() => {
    if (wave) setBy('wave');
    setGroup(wave ?? 'all');
  }, [wave]);
  const timeline = useTimeline(moveId, by);
  const [tableShown, setTableShown] = useState(false);
  const tableId = useId();
  // The answer of the grouping asked for (SWR may still hold the other's while it reads).
  const data = timeline.data?.by === by ? timeline.data : undefined;
  const nameOf = (g: { id: string; name: string }) => (g.id === MOVE_DAY_NO_WAVE ? t.noWave : g.name);
  const chosen = data?.groups.find((g) => g.id === group);
  const groupName = chosen
    ? by === 'wave'
      ? chosen.id === MOVE_DAY_NO_WAVE
        ? t.noWave
        : `${t.wave} ${chosen.name}`
      : `${t.floor} ${chosen.name}`
    : by === 'wave'
      ? t.allWaves
      : t.allFloors;
  const arrival = chosen?.arrival
    ? { at: chosen.arrival, text: t.waveArrival.replace('{wave}', chosen.name).replace('{time}', chosen.arrival.slice(11, 16)) }
    : undefined;

  // The groups' names change seldom, the figures at each arrival: the controls (Fluent's choice group and
  // drop-down) are drawn again only when what they show changed, not at each refresh (issue 56).
  const groupNames = data ? namesKey(data.groups.map((g) => ({ id: g.id, name: nameOf(g) }))) : undefined;
  const hasBuckets = Boolean(data && data.buckets.length > 0);
  const shownGroup = chosen ? group : 'all';
  const controls = useMemo(
    () => (
      <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }} className="move-day-chart-controls">
        <ChoiceGroup
          label={t.chartBy}
          selectedKey={by}
          options={[
            { key: 'floor', text: t.perFloor },
            { key: 'wave', text: t.perWave },
          ]}
          onChange={(_, o) => {
            if (!o) return;
            setBy(o.key as MoveDayGrouping);
            setGroup(o.key === 'wave' && wave ? wave : 'all');
          }}
          styles={{ flexContainer: { display: 'flex', gap: 12 } }}
        />
        {groupNames !== undefined && (
          <PlainLabeledSelect
            label={by === 'wave' ? t.wave : t.floor}
            value={shownGroup}
            options={[{ key: 'all', text: by === 'wave' ? t.allWaves : t.allFloors }, ...optionsOf(groupNames)]}
            onChange={setGroup}
            minWidth={160}
          />
        )}
        {hasBuckets && (
          <DefaultButton
            text={tableShown ? t.hideTable : t.showTable}
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          />
        )}
      </Stack>
    ),
    [by, groupNames, hasBuckets, shownGroup, tableShown, tableId, t, wave],
  );

  // Read from the board's opening (its hook takes the read asked for then), drawn once the board says so.
  if (!drawn) return null;
  return (
    <section aria-labelledby="move-day-chart" className="move-day-chart">
      <PlainColumn gap={12}>
        <PlainHeading id="move-day-chart">{t.dayTitle}</PlainHeading>
        {timeline.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.chartFailed}</MessageBar>}
        {controls}
        {data &&
          (data.buckets.length === 0 ? (
            <span>{t.nothingYet}</span>
          ) : (
            <Figures timeline={data} group={chosen ? group : 'all'} groupName={groupName} arrival={arrival} t={t} tableId={tableId} tableShown={tableShown} />
          ))}
      </PlainColumn>
    </section>
  );
}

function Figures(props: {
  timeline: MoveDayTimeline;
  group: string;
  groupName: string;
  /** The chosen wave's arrival: when (the move's clock) and the sentence that says it. */
  arrival: { at: string; text: string } | undefined;
  t: BoardText;
  tableId: string;
  tableShown: boolean;
}) {
  const { timeline, group, groupName, arrival, t, tableId, tableShown } = props;
  const series = seriesOf(timeline, group);
  const rows = dayChartRows(timeline, series);
  const arrived = series.arrivals.reduce((a, b) => a + b, 0);
  const reports = series.reports.reduce((a, b) => a + b, 0);
  const range = { from: rows[0]?.label ?? '', to: rows.at(-1)?.label ?? '' };
  const fill = (text: string) =>
    text
      .replace('{group}', groupName)
      .replace('{arrived}', String(arrived))
      .replace('{expected}', String(series.expected))
      .replace('{share}', String(series.arrivedShare.at(-1) ?? 0))
      .replace('{reports}', String(reports))
      .replace('{from}', range.from)
      .replace('{to}', range.to)
      .replace('{zone}', timeline.timeZone);

  return (
    <>
      <div className="move-day-chart-figures">
        <Chart
          rows={rows}
          name={arrival ? `${fill(t.arrivalsSummary)} ${arrival.text}.` : fill(t.arrivalsSummary)}
          title={t.arrivalsChart}
          mark={arrival ? (arrivalPosition(timeline.buckets, arrival.at) ?? undefined) : undefined}
          markText={arrival?.text}
          series={[
            { label: t.arrivalsSeries, color: ARRIVALS, value: (r) => r.arrivals, bars: true },
            { label: t.shareSeries, color: SHARE, value: (r) => r.share, scale: 'share' },
          ]}
        />
        <Chart
          rows={rows}
          name={fill(t.reportsSummary)}
          title={t.reportsChart}
          series={[{ label: t.reportsSeries, color: REPORTS, value: (r) => r.reports, bars: true }]}
        />
      </div>
      <div id={tableId} className={tableShown ? 'move-day-chart-table' : 'move-day-chart-table move-day-chart-table-hidden'}>
        <SideScroll>
          <table style={{ borderCollapse: 'collapse', maxWidth: 640, width: '100%' }}>
            <caption style={{ textAlign: 'left', padding: '4px 0' }}>
              {fill(t.tableCaption)}
              {arrival ? `; ${arrival.text}` : ''}
            </caption>
            <thead>
              <tr>
                <th scope="col" style={cell}>
                  {t.quarterFrom}
                </th>
                <th scope="col" style={cell}>
                  {t.arrivalsSeries}
                </th>
                <th scope="col" style={cell}>
                  {t.shareSeries}
                </th>
                <th scope="col" style={cell}>
                  {t.reportsSeries}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={timeline.buckets[i]}>
                  <th scope="row" style={{ ...cell, fontWeight: 'normal' }}>
                    {row.label}
                  </th>
                  <td style={cell}>{row.arrivals}</td>
                  <td style={cell}>{row.share}</td>
                  <td style={cell}>{row.reports}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      </div>
    </>
  );
}

interface ChartSeries {
  label: string;
  color: string;
  value: (row: DayChartRow) => number;
  bars?: boolean;
  /** 'share': the right-hand axis, 0–100 %. */
  scale?: 'share';
}

/**
 * One uPlot chart of the quarters. It is made once and given new figures on each refresh (setData), so a
 * poll of the board neither redraws the page nor flickers; it is made anew only when its series change
 * (another language).
 */
function Chart(props: {
  rows: DayChartRow[];
  name: string;
  title: string;
  series: ChartSeries[];
  /** A line across the chart at this x (quarters from the first bucket): a wave's arrival; `markText` says it under the chart. */
  mark?: number;
  markText?: string;
}) {
  const { rows, name, title, series, mark, markText } = props;
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const markAt = useRef<number | undefined>(undefined);
  markAt.current = mark;
  const labels = useRef<string[]>([]);
  labels.current = rows.map((r) => r.label);
  const data: uPlot.AlignedData = [rows.map((_, i) => i), ...series.map((s) => rows.map(s.value))];
  const shape = series.map((s) => s.label).join('|');

  // biome-ignore lint/correctness/useExhaustiveDependencies: made anew only when the series' names change; the figures go in by setData below
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const label = (i: number) => (Number.isInteger(i) ? (labels.current[i] ?? '') : '');
    const withShare = series.some((s) => s.scale === 'share');
    const made = new uPlot(
      {
        width: Math.max(280, Math.min(element.clientWidth || 480, 560)),
        height: HEIGHT,
        scales: {
          // At least two hours wide, so the first quarters of the day are bars, not a wall.
          x: { time: false, range: (_u, min, max) => [min - 0.5, Math.max(max, min + MIN_QUARTERS - 1) + 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(1, max)] },
          share: { range: [0, 100] },
        },
        axes: [
          { values: (_u, splits) => splits.map(label), incrs: [1, 2, 4, 8, 12, 16, 24, 48, 96] },
          { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500] },
          ...(withShare ? [{ scale: 'share', side: 1, grid: { show: false }, values: (_u: uPlot, splits: number[]) => splits.map((v) => `${v} %`) }] : []),
        ],
        series: [
          { label: title, value: (_u, i) => label(i) },
          ...series.map((s) => ({
            label: s.label,
            stroke: s.color,
            width: s.bars ? 1 : 2,
            ...(s.bars ? { fill: `${s.color}b3`, paths: uPlot.paths.bars?.({ size: [0.7, 40] }) } : {}),
            ...(s.scale ? { scale: s.scale, value: (_u: uPlot, v: number | null) => (v === null ? '—' : `${v} %`) } : {}),
          })),
        ],
        // The legend names the series; the figures of each quarter are in the table.
        legend: { live: false },
        cursor: { drag: { x: false, y: false } },
        hooks: {
          // The wave's arrival: a dashed line where it falls, drawn after the series so the bars do not hide it.
          draw: [
            (u) => {
              const at = markAt.current;
              if (at === undefined) return;
              const x = u.valToPos(at, 'x', true);
              if (x < u.bbox.left || x > u.bbox.left + u.bbox.width) return;
              const { ctx } = u;
              ctx.save();
              ctx.strokeStyle = MARK;
              ctx.lineWidth = 2 * devicePixelRatio;
              ctx.setLineDash([6 * devicePixelRatio, 4 * devicePixelRatio]);
              ctx.beginPath();
              ctx.moveTo(x, u.bbox.top);
              ctx.lineTo(x, u.bbox.top + u.bbox.height);
              ctx.stroke();
              ctx.restore();
            },
          ],
        },
      },
      data,
      element,
    );
    plot.current = made;
    const fit = () => made.setSize({ width: Math.max(280, Math.min(element.clientWidth || 480, 560)), height: HEIGHT });
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      made.destroy();
      plot.current = null;
    };
  }, [shape]);

  // Given new figures only when they changed: setData draws the canvas again and measures it (a layout
  // forced), and the chart is drawn again with the board around it. A chart made in this commit was made
  // with these figures.
  const figures = JSON.stringify(data);
  const given = useRef<{ plot: uPlot; figures: string } | null>(null);
  useEffect(() => {
    const made = plot.current;
    if (!made) return;
    if (given.current?.plot === made && given.current.figures !== figures) made.setData(data);
    given.current = { plot: made, figures };
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the line is read from markAt when drawn; a new place draws again
  useEffect(() => {
    plot.current?.redraw(false, false);
  }, [mark]);

  return (
    <figure className="move-day-chart-figure">
      <figcaption className="move-day-chart-title">{title}</figcaption>
      <div ref={holder} role="img" aria-label={name} />
      {markText && (
        <div className="move-day-chart-mark">
          <span aria-hidden="true" style={{ borderTop: `2px dashed ${MARK}`, display: 'inline-block', width: 24, verticalAlign: 'middle', marginRight: 6 }} />
          {markText}
        </div>
      )}
    </figure>
  );
}
