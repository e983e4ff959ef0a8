import { diffEntry } from './entry-diff';

describe('diffEntry', () => {
  it('pairs the keys of both sides and marks the changed ones', () => {
    expect(diffEntry({ name: 'A', roles: ['x'], status: 'enabled' }, { name: 'B', roles: ['x'], status: 'enabled' })).toEqual([
      { key: 'name', before: 'A', after: 'B', changed: true },
      { key: 'roles', before: '["x"]', after: '["x"]', changed: false },
      { key: 'status', before: 'enabled', after: 'enabled', changed: false },
    ]);
  });

  it('shows a creation as every key changed from nothing, and nothing for two nulls', () => {
    expect(diffEntry(null, { email: 'a@b.test' })).toEqual([{ key: 'email', before: '', after: 'a@b.test', changed: true }]);
    expect(diffEntry(null, null)).toEqual([]);
  });
});
