import { fakeWebhookDelivery, fakeWebhookEndpoint } from '../../testing';

/** Two endpoints: the CRM one delivering fine, an old one switched off after failing. */
export const crm = fakeWebhookEndpoint({
  id: '00000000-0000-4000-8000-00000000c001',
  lastDelivery: { status: 'succeeded', eventType: 'meeting.ended', responseStatus: 200, createdAt: '2026-11-20T09:30:00.000Z' },
});
export const legacy = fakeWebhookEndpoint({
  id: '00000000-0000-4000-8000-00000000c002',
  url: 'https://legacy.example.org/portal-events',
  description: '',
  events: ['user.created', 'user.deleted'],
  enabled: false,
  lastDelivery: { status: 'failed', eventType: 'user.created', responseStatus: 500, createdAt: '2026-11-18T14:05:00.000Z' },
});

/** Twelve deliveries to the CRM endpoint, newest first: one waiting for its retry, the rest delivered. */
export const crmDeliveries = [
  fakeWebhookDelivery({
    eventType: 'meeting.ended',
    status: 'pending',
    attempts: 2,
    responseStatus: 503,
    lastError: 'HTTP 503',
    createdAt: '2026-11-20T09:30:00.000Z',
    lastAttemptAt: '2026-11-20T09:30:30.000Z',
    nextAttemptAt: '2026-11-20T09:31:30.000Z',
    payload: { type: 'meeting.ended', timestamp: '2026-11-20T09:30:00.000Z', data: { meetingId: 'weekly-sync', durationSeconds: 1820 } },
  }),
  ...Array.from({ length: 11 }, (_, index) =>
    fakeWebhookDelivery({ eventType: index % 2 ? 'meeting.ended' : 'meeting.started', createdAt: new Date(Date.parse('2026-11-19T10:00:00.000Z') - index * 3_600_000).toISOString() }),
  ),
];
