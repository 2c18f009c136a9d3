import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOnlyBlobUrl } from '../../src/platform/blob/client.ts';
import { blobContainerList, blobContainers, browserWritableContainers } from '../../src/platform/cosmos/containers.ts';

// What a browser can write to must never be what is served (issue 54): a SAS names a staging blob only,
// and every SAS the app signs goes through `writeOnlyBlobUrl`, which refuses any other container.

const src = join(import.meta.dirname, '..', '..', 'src');
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((path) => path.endsWith('.ts'))
  .map((path) => ({ path: relative(src, join(src, path)).replaceAll('\\', '/'), text: readFileSync(join(src, path), 'utf8') }));

describe('the containers a browser writes to', () => {
  it('are the staging container only, none the app serves from', () => {
    expect(browserWritableContainers).toEqual([blobContainers.documentUploads]);
    const served = blobContainerList.filter((name) => !browserWritableContainers.includes(name));
    expect(served).toEqual(expect.arrayContaining([blobContainers.moveDocuments, blobContainers.moveImages, blobContainers.editorUploads]));
  });

  it('get a SAS through writeOnlyBlobUrl alone, which refuses every served container before asking Storage', async () => {
    const signing = sources.filter(({ text }) => /generateBlobSASQueryParameters|generateSasUrl|generateUserDelegationSasUrl|getUserDelegationKey/.test(text));
    expect(signing.map(({ path }) => path)).toEqual(['platform/blob/client.ts']);
    for (const name of blobContainerList.filter((c) => !browserWritableContainers.includes(c)))
      await expect(writeOnlyBlobUrl(name, 'm/x', 60_000), name).rejects.toThrow(`a browser may not write to the container ${name}`);
  });

  it('are read only by the upload that copies a checked file out of them', () => {
    const code = (text: string) =>
      text
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
    const readers = sources.filter(({ path, text }) => path !== 'platform/cosmos/containers.ts' && code(text).includes('blobContainers.documentUploads'));
    expect(readers.map(({ path }) => path)).toEqual(['features/moveDocuments/uploads.data.ts']);
  });
});
