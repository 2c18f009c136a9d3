import { fileTypeMessage, pdfFileRule, videoFileRule } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { fileFits, fileProblem } from '../src/common/fileCheck.ts';

const file = (bytes: number[] | string, name: string, type: string) => new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type });
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

describe("the editor's video check before sending", () => {
  it('takes MP4, MOV, Ogg and WebM by name, declared type and first bytes', async () => {
    expect(await fileFits(file([0, 0, 0, 0x18, ...ascii('ftypmp42'), 0, 0], 'tour.mp4', 'video/mp4'), videoFileRule)).toBe(true);
    expect(await fileFits(file([0, 0, 0, 0x14, ...ascii('ftypqt  '), 0, 0], 'tour.mov', 'video/quicktime'), videoFileRule)).toBe(true);
    expect(await fileFits(file([...ascii('OggS'), 0, 2], 'tour.ogg', 'audio/ogg'), videoFileRule)).toBe(true);
    expect(await fileFits(file([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42], 'tour.webm', 'video/webm'), videoFileRule)).toBe(true);
  });

  it('refuses another type, a name that lies about its content, and says so in one sentence', async () => {
    expect(await fileFits(file([0x1a, 0x45, 0xdf, 0xa3], 'tour.mkv', 'video/x-matroska'), videoFileRule)).toBe(false);
    expect(await fileFits(file('<html><script>alert(1)</script>', 'tour.mp4', 'video/mp4'), videoFileRule)).toBe(false);
    expect(await fileFits(file([0x89, 0x50, 0x4e, 0x47], 'tour.webm', ''), videoFileRule)).toBe(false);
    expect(fileTypeMessage(videoFileRule)).toBe('Only .mp4, .mov, .ogg, .ogv and .webm files can be used.');
  });
});

describe('what is wrong with a chosen file (issue 55)', () => {
  it('tells a file of another type from an empty one and from one whose name says PDF and whose bytes do not', async () => {
    expect(await fileProblem(file('%PDF-1.7\n', 'plan.pdf', 'application/pdf'), pdfFileRule)).toBeNull();
    expect(await fileProblem(file('GIF89a', 'plan.gif', 'image/gif'), pdfFileRule)).toBe('type');
    expect(await fileProblem(file('', 'empty.pdf', 'application/pdf'), pdfFileRule)).toBe('empty');
    expect(await fileProblem(file('These are the notes.\n', 'bad.pdf', 'application/pdf'), pdfFileRule)).toBe('content');
    expect(await fileProblem(file('These are the notes.\n', 'bad.pdf', ''), pdfFileRule)).toBe('content');
  });
});
