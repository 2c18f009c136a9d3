import type { TestProject } from 'vitest/node';
import { startTestStack, type TestStackInfo } from '@movers/local/src/testing/testStack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: TestStackInfo;
  }
}

/** Starts the emulators, identity provider, Graph stand-in and dev host on free ports for the API tests. */
export default async function setup(project: TestProject) {
  const running = await startTestStack();
  project.provide('stack', running.info);
  return () => running.stop();
}
