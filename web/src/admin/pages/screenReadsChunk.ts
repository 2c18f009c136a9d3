/**
 * The screens' first reads (`screenReads.ts`) as a chunk of their own, asked for by the app's entry
 * (`main.tsx`) beside the app's own chunk when the address is a screen's (issue 56): asked for as the app's
 * code ran, it was ready 0.15–0.4 s after the session allowed the reads at 4× CPU slowdown; asked beside
 * it, it is ready as the app starts. Asked again after a failure.
 */
let chunk: Promise<typeof import('./screenReads.ts')> | undefined;

export const loadScreenReads = () =>
  (chunk ??= import('./screenReads.ts').catch((error: unknown) => {
    chunk = undefined;
    throw error;
  }));
