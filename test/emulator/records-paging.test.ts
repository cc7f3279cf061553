import { describe, expect, it } from 'vitest';
import { nextPaging, pageIds, parseListCursor } from '../../src/emulator/records/paging.js';

const ids = ['1', '2', '5', '9', '10', '11', '20'];
const all = () => true;

describe('list paging', () => {
  it('pages from the start and says where the next page starts', () => {
    expect(pageIds(ids, -1, 3, all)).toEqual({ ids: ['1', '2', '5'], next: '5' });
    expect(pageIds(ids, 5, 3, all)).toEqual({ ids: ['9', '10', '11'], next: '11' });
    expect(pageIds(ids, 11, 3, all)).toEqual({ ids: ['20'] });
  });

  it('compares cursors as numbers, also for ids that are not in the list', () => {
    expect(pageIds(ids, 3, 2, all)).toEqual({ ids: ['5', '9'], next: '9' });
    expect(pageIds(ids, 99, 2, all)).toEqual({ ids: [] });
  });

  it('skips ids the filter refuses and gives no next page when none is accepted beyond', () => {
    const odd = (id: string) => Number(id) % 2 === 1;
    expect(pageIds(ids, -1, 2, odd)).toEqual({ ids: ['1', '5'], next: '5' });
    expect(pageIds(ids, 5, 2, odd)).toEqual({ ids: ['9', '11'] });
  });

  it('parses cursors: numeric strings only', () => {
    expect(parseListCursor(undefined)).toBe(-1);
    expect(parseListCursor('42')).toBe(42);
    expect(() => parseListCursor('4x')).toThrow("Invalid paging cursor after='4x'");
    expect(() => parseListCursor('-1')).toThrow('Invalid paging cursor');
  });

  it('builds paging.next with a link carrying the other parameters', () => {
    expect(nextPaging(undefined, {})).toBeUndefined();
    expect(nextPaging('9', { after: '5', limit: '2', properties: ['a', 'b'], archived: 'false' })).toEqual({
      next: { after: '9', link: '?after=9&limit=2&properties=a&properties=b&archived=false' },
    });
  });
});
