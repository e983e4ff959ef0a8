import { endsBeforeStart, toAuditFilter } from './audit-filter';

describe('toAuditFilter', () => {
  it('turns the day range into [start of first day, start of the day after the last)', () => {
    const filter = toAuditFilter({ entity: 'user', action: 'delete', startDate: '2026-03-01', endDate: '2026-03-01' }, 'ada');
    expect(filter).toEqual({ entity: 'user', action: 'delete', actor: 'ada', from: new Date(2026, 2, 1).toISOString(), to: new Date(2026, 2, 2).toISOString() });
  });

  it('leaves out what is not set', () => {
    expect(toAuditFilter({ entity: null, action: null, startDate: '', endDate: '' }, undefined)).toEqual({});
    expect(toAuditFilter({ entity: null, action: null, startDate: '', endDate: '', tenantId: null }, undefined)).toEqual({});
  });

  it('names the chosen tenant', () => {
    const tenantId = '00000000-0000-4000-8000-00000000b001';
    expect(toAuditFilter({ entity: null, action: 'update', startDate: '', endDate: '', tenantId }, undefined)).toEqual({ tenantId, action: 'update' });
  });
});

describe('endsBeforeStart', () => {
  it('is true only when both dates are set and the end is earlier', () => {
    expect(endsBeforeStart({ entity: null, action: null, startDate: '2026-03-02', endDate: '2026-03-01' })).toBe(true);
    expect(endsBeforeStart({ entity: null, action: null, startDate: '2026-03-01', endDate: '2026-03-01' })).toBe(false);
    expect(endsBeforeStart({ entity: null, action: null, startDate: '', endDate: '2026-03-01' })).toBe(false);
  });
});
