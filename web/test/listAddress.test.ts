import { describe, expect, it } from 'vitest';
import { readListState, writeListState } from '../src/common/list/listAddress.ts';
import { clientListDefaults } from '../src/admin/features/clients/clientsFilter.ts';

const read = (query: string) => readListState(new URLSearchParams(query), clientListDefaults);

describe('a list in its address', () => {
  it('opens with the defaults and writes nothing for them', () => {
    const state = read('');
    expect(state).toEqual({ filters: clientListDefaults.filters, sort: { key: 'name', direction: 'asc' }, page: 0, pageSize: 10 });
    expect(writeListState(state, clientListDefaults).toString()).toBe('');
  });

  it('reads back what it wrote: filters, sort, page and page size', () => {
    const state = {
      filters: { ...clientListDefaults.filters, name: 'aur ora', active: 'all' as const },
      sort: { key: 'country' as const, direction: 'desc' as const },
      page: 2,
      pageSize: 25,
    };
    const query = writeListState(state, clientListDefaults);
    expect(query.toString()).toBe('name=aur+ora&active=all&sort=country&dir=desc&rows=25&page=3');
    expect(read(query.toString())).toEqual(state);
  });

  it('takes the default for anything unknown or malformed, so a hand-edited link never breaks the list', () => {
    expect(read('active=maybe&sort=__proto__&dir=up&rows=7&page=-1&page=0x10&extra=1')).toEqual(read(''));
    expect(read('page=999999999').page).toBe(0);
    expect(read('rows=all').pageSize).toBe('all');
  });
});
