import { describe, expect, it } from 'vitest';
import { toUserSort } from './get-users';

describe('toUserSort', () => {
  it('keeps sorts the contract accepts, ascending and descending', () => {
    expect(toUserSort('email')).toBe('email');
    expect(toUserSort('-lastName')).toBe('-lastName');
  });

  it('drops columns the server cannot sort by', () => {
    expect(toUserSort('roles')).toBeUndefined();
    expect(toUserSort('-roles')).toBeUndefined();
    expect(toUserSort(undefined)).toBeUndefined();
  });
});
