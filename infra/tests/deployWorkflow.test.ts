import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const workflow = readFileSync(join(import.meta.dirname, '..', '..', '.github', 'workflows', 'deploy.yml'), 'utf8');
/** The job's steps, each as its text (from its `- name:` or `- uses:` to the next). */
const steps = workflow
  .split(/\n(?= {6}- )/)
  .slice(1)
  .map((text) => ({ text, name: /- name: (.*)/.exec(text)?.[1] ?? '', id: /\n {8}id: (\S+)/.exec(text)?.[1] }));

describe('the deploy workflow', () => {
  it("tries the Functions package deploy again while the new role assignments spread (403 on the first minutes' deploy)", () => {
    const deploys = steps.filter((s) => s.text.includes('uses: Azure/functions-action@v1'));
    expect(deploys.length).toBeGreaterThanOrEqual(2);
    // Every try but the last goes on when it fails; each later try (and a wait before it) runs only when the one before failed.
    for (const earlier of deploys.slice(0, -1)) expect(earlier.text, earlier.name).toContain('continue-on-error: true');
    expect(deploys.at(-1)!.text).not.toContain('continue-on-error');
    for (let i = 1; i < deploys.length; i++) {
      const previous = deploys[i - 1]!.id;
      expect(previous, deploys[i - 1]!.name).toBeDefined();
      expect(deploys[i]!.text).toContain(`if: steps.${previous}.outcome == 'failure'`);
      const between = steps.slice(steps.indexOf(deploys[i - 1]!) + 1, steps.indexOf(deploys[i]!));
      expect(
        between.some((s) => /run: sleep \d+/.test(s.text) && s.text.includes(`if: steps.${previous}.outcome == 'failure'`)),
        `a wait before ${deploys[i]!.name}`,
      ).toBe(true);
    }
    // The same package, the same app, on each try.
    const withBlock = (text: string) => text.slice(text.indexOf('with:'));
    for (const d of deploys) expect(withBlock(d.text)).toBe(withBlock(deploys[0]!.text));
  });
});
