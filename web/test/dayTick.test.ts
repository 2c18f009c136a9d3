import { describe, expect, it } from 'vitest';
import { askRound, heldForRound } from '../src/admin/features/moveDay/dayTick.ts';

// Move day's reads are read again together, and the answers of one round are handed on together, so the
// board draws them in one commit (issue 56).
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a round of move day's reads", () => {
  it('hands each answer on once the last of the round is in, a failure as a failure', async () => {
    const handed: string[] = [];
    const answers: Record<string, (value: string) => void> = {};
    let failing: (error: Error) => void = () => undefined;
    const round = askRound(() => {
      for (const name of ['board', 'map']) void heldForRound(new Promise<string>((resolve) => (answers[name] = resolve))).then((v) => handed.push(v));
      heldForRound(new Promise<string>((_, reject) => (failing = reject))).catch((e: Error) => handed.push(`failed: ${e.message}`));
    });
    answers.board!('board');
    failing(new Error('503'));
    await settle();
    expect(handed).toEqual([]);
    answers.map!('map');
    await round;
    await settle();
    expect(handed).toEqual(['board', 'map', 'failed: 503']);
  });

  it('hands an answer asked for outside a round on as it is', async () => {
    const answer = Promise.resolve('first read');
    expect(heldForRound(answer)).toBe(answer);
  });
});
