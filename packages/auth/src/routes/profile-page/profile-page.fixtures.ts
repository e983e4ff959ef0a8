import type { ActiveSession } from '../../api/use-sessions';
import type { Profile } from '../../api/use-profile';

export function fakeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@acme.test',
    pendingEmail: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    displayName: null,
    organisation: null,
    organisationName: null,
    accountType: null,
    language: null,
    timeZone: null,
    dateFormat: null,
    timeFormat: null,
    photoUrl: null,
    ...overrides,
  };
}

export function fakeSessions(): ActiveSession[] {
  return [
    { id: 'aaaaaaaaaaaaaaaa', createdAt: '2026-03-01T08:00:00.000Z', lastSeenAt: '2026-03-05T17:07:00.000Z', ip: '203.0.113.7', device: 'Firefox on Windows', current: true },
    { id: 'bbbbbbbbbbbbbbbb', createdAt: '2026-02-20T08:00:00.000Z', lastSeenAt: '2026-03-04T09:30:00.000Z', ip: '198.51.100.4', device: 'Safari on iOS', current: false },
  ];
}
