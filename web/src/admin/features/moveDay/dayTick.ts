import { useEffect, useRef } from 'react';

// Move day's reads, read again together (issue 56). Each polled read had its own timer (SWR's
// `refreshInterval`, counted from its own last answer), so a refresh of the board was four reads at four
// moments, each answer drawn, laid out and painted on its own (≈ 30–50 ms each at 4× CPU slowdown). Now
// one timer reads them all, and the answers of one round are handed on together: the screen draws them
// in one commit.

/** How often the board, its map, chart and reports are read again while open. */
const BOARD_REFRESH_MS = 10_000;

interface Member {
  readonly revalidate: () => unknown;
  /** Read again while the tab is hidden (a wall nobody touches is still looked at), and while offline. */
  readonly always: boolean;
}

const members = new Set<Member>();
let timer: ReturnType<typeof setInterval> | undefined;
/** The round whose reads are being asked for (only while `tick` runs), and whether the last one is still out. */
let asking: { answers: Promise<unknown>[]; done?: Promise<unknown> } | undefined;
let lastRoundOut = false;

function tick() {
  // A round still out (a slow network) is not asked again on top of itself.
  if (lastRoundOut) return;
  const quiet = document.visibilityState === 'hidden' || !navigator.onLine;
  lastRoundOut = true;
  void askRound(() => {
    for (const member of members) if (member.always || !quiet) member.revalidate();
  }).then(() => {
    lastRoundOut = false;
  });
}

/** Runs `ask`, whose reads (each through `heldForRound`) are one round; settles once every one of them has. */
export function askRound(ask: () => void): Promise<unknown> {
  const round: NonNullable<typeof asking> = { answers: [] };
  asking = round;
  try {
    ask();
  } finally {
    asking = undefined;
  }
  round.done = Promise.allSettled(round.answers);
  return round.done;
}

/**
 * An answer asked for in a round, handed on once the round's last answer is in (whatever each one is:
 * a failure is handed on as the failure it is). Asked for outside a round (a first read, a focus), as it is.
 */
export function heldForRound<T>(answer: Promise<T>): Promise<T> {
  const round = asking;
  if (!round) return answer;
  round.answers.push(answer);
  // `done` is set once every read of the round has been asked for, in the same task.
  return Promise.resolve()
    .then(() => round.done)
    .then(() => answer);
}

/** Reads `revalidate` again at each round while `active` (SWR's `mutate` of the hook: its own fetcher, by `since`). */
export function useDayTick(revalidate: () => unknown, active: boolean, always = false) {
  const latest = useRef(revalidate);
  latest.current = revalidate;
  useEffect(() => {
    if (!active) return;
    const member: Member = { revalidate: () => latest.current(), always };
    members.add(member);
    timer ??= setInterval(tick, BOARD_REFRESH_MS);
    return () => {
      members.delete(member);
      if (members.size === 0 && timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
    };
  }, [active, always]);
}
