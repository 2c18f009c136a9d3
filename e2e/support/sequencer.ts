import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The browser test files share one stack, so their order must not depend on a cache of earlier runs
 * (a clean clone would run them in another order than a developer's box). The list tests assert the
 * seeded clients and locations in each sort order, and other files add clients and locations of their
 * own (last by name, country IE): the list tests go first, then every file by name.
 */
const FIRST = ['clients.test.ts', 'locations.test.ts'];

export class SeededListsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}`));
      return index < 0 ? FIRST.length : index;
    };
    return [...files].sort((a, b) => rank(a) - rank(b) || a.moduleId.localeCompare(b.moduleId));
  }
}
