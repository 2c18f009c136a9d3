import { describe, expect, it } from 'vitest';
import { decodeMessage, encodeMessage, MAX_MESSAGE_BYTES } from '../../src/platform/queue/messages.ts';
import { poisonQueueName } from '../../src/platform/queue/names.ts';

// Queue messages as the Functions host reads them (base64 JSON), and Storage's 64 KB limit on the
// encoded text: a seat letter's message must fit, or fail loudly before anything is queued.
describe('queue messages', () => {
  it('round-trips JSON through base64, Unicode included', () => {
    const body = { person: 'Åsa Ødegård', seat: '3.14', tags: ['✓'] };
    const text = encodeMessage(body);
    expect(text).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(text, 'base64').toString('utf8')).toBe(JSON.stringify(body));
    expect(decodeMessage(text)).toEqual(body);
  });

  it('hands over text that is not JSON as text, as the host does', () => {
    expect(decodeMessage(Buffer.from('plain words').toString('base64'))).toBe('plain words');
  });

  it('takes a message of exactly 64 KB encoded and refuses one byte of JSON more', () => {
    // 49,152 bytes of JSON encode to 65,536 characters of base64; 49,153 to 65,540.
    const fits = 'x'.repeat(49_152 - 2);
    expect(encodeMessage(fits)).toHaveLength(MAX_MESSAGE_BYTES);
    expect(() => encodeMessage(`${fits}x`)).toThrow(/too large: 65540 bytes/);
  });

  it('refuses a body JSON cannot carry', () => {
    expect(() => encodeMessage(undefined)).toThrow(/JSON/);
  });

  it('names the poison queue as the host does', () => {
    expect(poisonQueueName('seat-letters')).toBe('seat-letters-poison');
  });
});
