// The platform settings operations (global configuration, meeting and recording settings) over
// real HTTP: only the super administrator reads and saves them, every rule of spec section 5 for
// the Kubernetes media node is enforced, secrets are sealed and never answered (null clears an
// optional one), and each save is audited with its secrets masked.
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MASK } from '../src/kernel/audit/record.ts';
import { auditLog, platformSettings } from '../src/kernel/db/schema.ts';
import { isAddressOrRange, settingsSections } from '../src/settings/sections.ts';
import { startTestServer, userEmail, type TestServer, type TestSession } from './harness.ts';

let server: TestServer;
let superadmin: TestSession;
/** Everyone but the super administrator: the platform tenant's administrator, a tenant's administrators and a member. */
let outsiders: { tenant: string; email: string; session: TestSession }[];

const kubernetes = (overrides: Record<string, unknown> = {}) => ({
  mediaNodes: true,
  minUsers: 10,
  maxUsers: 500,
  name: 'Media node.eu',
  maxInstance: 4,
  wsStartPort: 8000,
  kubeUrl: 'https://kube.example.com:6443',
  kubeToken: 'kube-token-secret',
  kubeImage: 'https://registry.example.com/media-node:4.4',
  httpPortStart: '9000',
  adminPortStart: '9500',
  ...overrides,
});

const meetingOptions = {
  muteOnEntry: true,
  videoOffOnEntry: false,
  coHost: true,
  reactions: true,
  rename: true,
  breakoutRooms: false,
  hideProfilePicture: false,
  joinBeforeHost: false,
  lockedRoom: false,
  meetingPassword: true,
  loggedInOnly: false,
  kickedUsersCanRejoin: false,
  autoRecord: false,
  audioBridge: { computer: true, dialIn: true, dialOut: false },
  chat: { enabled: true, private: true, saveHistory: false, emojis: true, fileTransfer: false },
  whiteboard: true,
  emailNotifications: true,
  screenShare: 'host',
  annotation: 'sharer',
};

async function storedValue(section: string) {
  const [row] = await server.database.withPlatform((tx) => tx.select().from(platformSettings).where(eq(platformSettings.section, section)));
  return row?.value;
}

async function lastAudit(section: string) {
  const [row] = await server.database.withPlatform((tx) =>
    tx.select().from(auditLog).where(and(eq(auditLog.entity, `settings.${section}`))).orderBy(desc(auditLog.createdAt)).limit(1),
  );
  return row;
}

const put = (path: string, body: unknown, session: TestSession = superadmin) => server.request('system', 'PUT', path, { session, body });

beforeAll(async () => {
  server = await startTestServer();
  superadmin = await server.login('system', userEmail('system', 'superadmin'));
  const others: [tenant: string, role: string][] = [
    ['system', 'admin'],
    ['acme', 'tenantadmin'],
    ['acme', 'admin'],
    ['acme', 'member'],
  ];
  outsiders = await Promise.all(others.map(async ([tenant, role]) => ({ tenant, email: userEmail(tenant, role), session: await server.login(tenant, userEmail(tenant, role)) })));
});

afterAll(async () => {
  await server?.close();
});

describe('kubernetes settings', () => {
  it('answers null values before the first save', async () => {
    const res = await server.request('system', 'GET', '/settings/kubernetes', { session: superadmin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ values: null, updatedAt: null });
  });

  it('saves, seals the token and answers only that it is set', async () => {
    const res = await put('/settings/kubernetes', kubernetes());
    expect(res.status).toBe(200);
    expect(res.body.values).toMatchObject({ name: 'Media node.eu', minUsers: 10, kubeToken: { set: true } });
    expect(res.text).not.toContain('kube-token-secret');
    const stored = await storedValue('kubernetes');
    expect(stored?.kubeToken).not.toContain('kube-token-secret');
    expect(server.app.secrets.open(stored?.kubeToken as string)).toBe('kube-token-secret');

    const read = await server.request('system', 'GET', '/settings/kubernetes', { session: superadmin });
    expect(read.body.values).toMatchObject({ maxUsers: 500, kubeToken: { set: true } });
    expect(read.text).not.toContain('kube-token-secret');
  });

  it('keeps the stored token when a save omits it or sends it empty, and replaces it when sent', async () => {
    const { kubeToken: _omitted, ...withoutToken } = kubernetes({ maxUsers: 600 });
    expect((await put('/settings/kubernetes', withoutToken)).status).toBe(200);
    expect(server.app.secrets.open((await storedValue('kubernetes'))?.kubeToken as string)).toBe('kube-token-secret');
    expect((await put('/settings/kubernetes', kubernetes({ kubeToken: '' }))).status).toBe(200);
    expect(server.app.secrets.open((await storedValue('kubernetes'))?.kubeToken as string)).toBe('kube-token-secret');
    expect((await put('/settings/kubernetes', kubernetes({ kubeToken: 'new-token' }))).status).toBe(200);
    expect(server.app.secrets.open((await storedValue('kubernetes'))?.kubeToken as string)).toBe('new-token');
  });

  it('records an audit entry with the token masked', async () => {
    await put('/settings/kubernetes', kubernetes({ name: 'Audited node', kubeToken: 'audited-token' }));
    const entry = await lastAudit('kubernetes');
    expect(entry).toMatchObject({ action: 'update', entityId: 'kubernetes', tenantId: server.ids.tenants.system });
    expect((entry?.after as Record<string, unknown>).name).toBe('Audited node');
    expect((entry?.after as Record<string, unknown>).kubeToken).toBe(MASK);
    expect(JSON.stringify(entry)).not.toContain('audited-token');
  });

  it.each([
    ['minUsers', 0, 'invalid_min_users'],
    ['minUsers', 10001, 'invalid_min_users'],
    ['minUsers', 1.5, 'invalid_min_users'],
    ['maxUsers', 0, 'invalid_max_users'],
    ['maxUsers', '0500', 'invalid_max_users'],
    ['maxInstance', 10001, 'invalid_max_users'],
    ['wsStartPort', -1, 'invalid_max_users'],
    ['name', 'ab', 'invalid_media_node_name'],
    ['name', 'a'.repeat(31), 'invalid_media_node_name'],
    ['name', 'Node 1', 'invalid_media_node_name'],
    ['name', ' Node', 'invalid_media_node_name'],
    ['name', 'Node ', 'invalid_media_node_name'],
    ['kubeUrl', 'not a url', 'invalid_url'],
    ['kubeImage', 'registry', 'invalid_url'],
    ['httpPortStart', '', 'required'],
  ])('refuses %s = %j with %s and saves nothing', async (field, value, code) => {
    const before = await storedValue('kubernetes');
    const res = await put('/settings/kubernetes', kubernetes({ [field]: value }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await storedValue('kubernetes')).toEqual(before);
  });

  it.each(['name', 'kubeUrl', 'kubeImage', 'adminPortStart', 'minUsers'])('requires %s', async (field) => {
    const body: Record<string, unknown> = kubernetes();
    delete body[field];
    const res = await put('/settings/kubernetes', body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code: 'required' }));
  });

  it('refuses a maximum below the minimum', async () => {
    const res = await put('/settings/kubernetes', kubernetes({ minUsers: 50, maxUsers: 10 }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'maxUsers', code: 'invalid_max_users' }));
  });

  it('refuses unknown fields', async () => {
    const res = await put('/settings/kubernetes', kubernetes({ extra: 1 }));
    expect(res.status).toBe(400);
  });
});

describe('a first save needs its required secret', () => {
  it('refuses FreeSwitch settings without a password', async () => {
    const res = await put('/settings/freeswitch', { host: 'fs.example.com', eslPort: 8021 });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'eslPassword', code: 'required' }));
    expect(await storedValue('freeswitch')).toBeUndefined();
  });

  it('saves payment keys, answering the secret and webhook keys as set or null', async () => {
    const res = await put('/settings/payment', { provider: 'stripe', publishableKey: 'pk_test_123', secretKey: 'sk_test_456' });
    expect(res.status).toBe(200);
    expect(res.body.values).toEqual({ provider: 'stripe', publishableKey: 'pk_test_123', secretKey: { set: true }, webhookSecret: null });
    expect(res.text).not.toContain('sk_test_456');
  });
});

describe('other sections', () => {
  it.each([
    ['system', { publicUrl: 'https://portal.example.com', supportEmail: 'help@example.com', defaultLanguage: 'fr', maintenanceMode: false }],
    ['kafka', { brokers: 'kafka-1:9092, kafka-2:9092', topic: 'meetings.events', saslUsername: 'portal', saslPassword: 'kafka-pass' }],
    ['email', { host: 'smtp.example.com', port: 587, fromName: 'Portal', fromEmail: 'no-reply@example.com', username: 'mailer', password: 'smtp-pass', tls: true }],
    ['transcoding', { enabled: true, serviceUrl: 'https://transcode.example.com', maxConcurrentJobs: 4, outputFormat: 'mp4' }],
    ['tenant', { dialIn: true, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: 'en', maxUsers: 100 }],
  ])('saves and reads back %s', async (section, body) => {
    const saved = await put(`/settings/${section}`, body);
    expect(saved.status).toBe(200);
    const read = await server.request('system', 'GET', `/settings/${section}`, { session: superadmin });
    expect(read.status).toBe(200);
    expect(read.text).not.toMatch(/kafka-pass|smtp-pass/);
    for (const [key, value] of Object.entries(body)) {
      expect(read.body.values[key]).toEqual(/pass/i.test(key) ? { set: true } : value);
    }
  });

  it.each([
    ['system', { publicUrl: 'portal', supportEmail: 'help@example.com', defaultLanguage: 'fr', maintenanceMode: false }, 'publicUrl', 'invalid_url'],
    ['kafka', { brokers: 'kafka-1', topic: 'x', saslUsername: '' }, 'brokers', 'invalid_brokers'],
    ['email', { host: 'smtp.example.com', port: 70000, fromName: 'P', fromEmail: 'x@example.com', username: '', tls: true }, 'port', 'invalid_port'],
    ['email', { host: 'smtp.example.com', port: 25, fromName: 'P', fromEmail: 'not-an-email', username: '', tls: true }, 'fromEmail', 'invalid_email'],
  ])('refuses bad %s settings', async (section, body, field, code) => {
    const res = await put(`/settings/${section}`, body);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
  });
});

describe('meeting settings', () => {
  it('saves named modes with every option toggle', async () => {
    const body = { modes: [{ name: 'Classroom', options: meetingOptions }, { name: 'Webinar', options: { ...meetingOptions, screenShare: 'all', annotation: 'all' } }] };
    const res = await put('/settings/meeting', body);
    expect(res.status).toBe(200);
    expect(res.body.values).toEqual(body);
    expect((await lastAudit('meeting'))?.entity).toBe('settings.meeting');
  });

  it('refuses two modes with the same name', async () => {
    const res = await put('/settings/meeting', { modes: [{ name: 'Classroom', options: meetingOptions }, { name: 'classroom', options: meetingOptions }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'modes.1.name', code: 'name_exists' }));
  });

  it('refuses a mode missing a toggle', async () => {
    const { chat: _chat, ...withoutChat } = meetingOptions;
    const res = await put('/settings/meeting', { modes: [{ name: 'Classroom', options: withoutChat }] });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field: 'modes.0.options.chat', code: 'required' }));
  });
});

describe('recording settings', () => {
  it('saves modes, auto-delete days and an allowed range', async () => {
    const body = { modes: ['gallery_with_screen_share', 'audio_only'], autoDeleteDays: 30, allowedAddress: '10.0.0.0/8' };
    const res = await put('/settings/recording', body);
    expect(res.status).toBe(200);
    expect(res.body.values).toEqual(body);
  });

  it.each([
    [{ autoDeleteDays: 0 }, 'autoDeleteDays', 'invalid_auto_delete_days'],
    [{ autoDeleteDays: 3651 }, 'autoDeleteDays', 'invalid_auto_delete_days'],
    [{ allowedAddress: '10.0.0.0/33' }, 'allowedAddress', 'invalid_ip_range'],
    [{ allowedAddress: 'intranet' }, 'allowedAddress', 'invalid_ip_range'],
    [{ modes: ['everything'] }, 'modes.0', 'invalid_value'],
  ])('refuses %j', async (override, field, code) => {
    const res = await put('/settings/recording', { modes: [], autoDeleteDays: null, allowedAddress: null, ...override });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
  });
});

describe('FreeSwitch settings', () => {
  it('saves the server with its ESL password sealed, answering it only as set', async () => {
    const res = await put('/settings/freeswitch', { host: 'fs.example.com', eslPort: 8021, eslPassword: 'ClueCon-1' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.values).toEqual({ host: 'fs.example.com', eslPort: 8021, eslPassword: { set: true } });
    expect(res.body.updatedAt).toEqual(expect.any(String));
    expect(res.text).not.toContain('ClueCon-1');
    const read = await server.request('system', 'GET', '/settings/freeswitch', { session: superadmin });
    expect(read.status).toBe(200);
    expect(read.body.values).toEqual({ host: 'fs.example.com', eslPort: 8021, eslPassword: { set: true } });
    expect(server.app.secrets.open((await storedValue('freeswitch'))?.eslPassword as string)).toBe('ClueCon-1');
  });
});

describe('secrets of the global configuration sections', () => {
  const cases: [section: string, body: Record<string, unknown>, secrets: Record<string, string>][] = [
    ['freeswitch', { host: 'fs.example.com', eslPort: 8021 }, { eslPassword: 'Esl-Secret-77' }],
    ['kafka', { brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal' }, { saslPassword: 'Kafka-Secret-77' }],
    ['email', { host: 'smtp.example.com', port: 587, fromName: 'Portal', fromEmail: 'no-reply@example.com', username: 'mailer', tls: true }, { password: 'Mail-Secret-77' }],
    ['payment', { provider: 'stripe', publishableKey: 'pk_test_777' }, { secretKey: 'sk_test_Secret77', webhookSecret: 'whsec_Secret77' }],
  ];

  it.each(cases)('%s: seals its secrets, never answers them and keeps them when a save leaves them out or empty', async (section, body, secrets) => {
    const plains = Object.values(secrets);
    const expectHidden = (text: string) => {
      for (const plain of plains) expect(text).not.toContain(plain);
    };
    const expectStored = async () => {
      const stored = await storedValue(section);
      expectHidden(JSON.stringify(stored));
      for (const [field, plain] of Object.entries(secrets)) expect(server.app.secrets.open(stored?.[field] as string), field).toBe(plain);
    };
    const setMarkers = Object.fromEntries(Object.keys(secrets).map((field) => [field, { set: true }]));

    const saved = await put(`/settings/${section}`, { ...body, ...secrets });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.values).toMatchObject(setMarkers);
    expectHidden(saved.text);
    await expectStored();

    const read = await server.request('system', 'GET', `/settings/${section}`, { session: superadmin });
    expect(read.status).toBe(200);
    expect(read.body.values).toMatchObject({ ...body, ...setMarkers });
    expectHidden(read.text);

    // Absent means "keep".
    const omitted = await put(`/settings/${section}`, body);
    expect(omitted.status, omitted.text).toBe(200);
    expect(omitted.body.values).toMatchObject(setMarkers);
    await expectStored();

    // Empty means "keep" too: the form never holds the stored secret to send back.
    const empty = await put(`/settings/${section}`, { ...body, ...Object.fromEntries(Object.keys(secrets).map((field) => [field, ''])) });
    expect(empty.status, empty.text).toBe(200);
    expect(empty.body.values).toMatchObject(setMarkers);
    await expectStored();
    expect((await server.request('system', 'GET', `/settings/${section}`, { session: superadmin })).body.values).toMatchObject(setMarkers);

    // Nor does the audit log hold them.
    const entry = await lastAudit(section);
    expectHidden(JSON.stringify(entry));
    for (const field of Object.keys(secrets)) {
      expect((entry?.after as Record<string, unknown>)[field], field).toBe(MASK);
      expect((entry?.before as Record<string, unknown>)[field], field).toBe(MASK);
    }
  });
});

describe('clearing a secret with an explicit null', () => {
  const optional: [section: string, body: Record<string, unknown>, field: string, plain: string][] = [
    ['kafka', { brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal' }, 'saslPassword', 'Kafka-Clear-88'],
    ['email', { host: 'smtp.example.com', port: 587, fromName: 'Portal', fromEmail: 'no-reply@example.com', username: 'mailer', tls: true }, 'password', 'Mail-Clear-88'],
    ['payment', { provider: 'stripe', publishableKey: 'pk_test_888', secretKey: 'sk_test_Keep88' }, 'webhookSecret', 'whsec_Clear88'],
  ];

  it.each(optional)('%s: null clears the optional %s; the audit entry shows it masked before and cleared after', async (section, body, field, plain) => {
    expect((await put(`/settings/${section}`, { ...body, [field]: plain })).status).toBe(200);

    const cleared = await put(`/settings/${section}`, { ...body, [field]: null });
    expect(cleared.status, cleared.text).toBe(200);
    expect(cleared.body.values[field]).toBeNull();
    expect((await storedValue(section))?.[field]).toBeNull();
    expect((await server.request('system', 'GET', `/settings/${section}`, { session: superadmin })).body.values[field]).toBeNull();

    const entry = await lastAudit(section);
    expect(entry).toMatchObject({ action: 'update', entityId: section });
    expect((entry?.before as Record<string, unknown>)[field]).toBe(MASK);
    expect((entry?.after as Record<string, unknown>)[field]).toBeNull();
    expect(JSON.stringify(entry)).not.toContain(plain);

    // Absent or empty afterwards keeps it cleared; a new value sets it again.
    const { [field]: _absent, ...withoutField } = body;
    expect((await put(`/settings/${section}`, withoutField)).body.values[field]).toBeNull();
    expect((await put(`/settings/${section}`, { ...body, [field]: '' })).body.values[field]).toBeNull();
    expect((await put(`/settings/${section}`, { ...body, [field]: plain })).body.values[field]).toEqual({ set: true });
  });

  it('clears an optional secret while keeping the absent required one (payment)', async () => {
    expect((await put('/settings/payment', { provider: 'stripe', publishableKey: 'pk_test_889', secretKey: 'sk_test_Kept89', webhookSecret: 'whsec_89' })).status).toBe(200);
    const res = await put('/settings/payment', { provider: 'stripe', publishableKey: 'pk_test_889', webhookSecret: null });
    expect(res.status, res.text).toBe(200);
    expect(res.body.values).toEqual({ provider: 'stripe', publishableKey: 'pk_test_889', secretKey: { set: true }, webhookSecret: null });
    expect(server.app.secrets.open((await storedValue('payment'))?.secretKey as string)).toBe('sk_test_Kept89');
  });

  const required: [section: string, body: Record<string, unknown>, field: string][] = [
    ['kubernetes', kubernetes({ kubeToken: 'kube-token-kept' }), 'kubeToken'],
    ['freeswitch', { host: 'fs.example.com', eslPort: 8021, eslPassword: 'Esl-Kept-90' }, 'eslPassword'],
    ['payment', { provider: 'stripe', publishableKey: 'pk_test_890', secretKey: 'sk_test_Kept90' }, 'secretKey'],
  ];

  it.each(required)('%s: null for the required %s is 400 required, and saves nothing', async (section, body, field) => {
    expect((await put(`/settings/${section}`, body)).status).toBe(200);
    const before = await storedValue(section);
    const auditBefore = await lastAudit(section);
    const res = await put(`/settings/${section}`, { ...body, [field]: null });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code: 'required' }));
    expect(await storedValue(section)).toEqual(before);
    expect((await lastAudit(section))?.id).toBe(auditBefore?.id);
    expect(server.app.secrets.open(before?.[field] as string)).toBe(body[field]);
  });
});

// Every section: a valid body, and one bad field value with the field error it must answer.
const sectionCases: [section: string, body: Record<string, unknown>, bad: Record<string, unknown>, field: string, code: string][] = [
  ['kubernetes', kubernetes(), { minUsers: 0 }, 'minUsers', 'invalid_min_users'],
  ['system', { publicUrl: 'https://portal.example.com', supportEmail: 'help@example.com', defaultLanguage: 'fr', maintenanceMode: false }, { publicUrl: 'portal' }, 'publicUrl', 'invalid_url'],
  ['freeswitch', { host: 'fs.example.com', eslPort: 8021, eslPassword: 'ClueCon-2' }, { eslPort: 70000 }, 'eslPort', 'invalid_port'],
  ['kafka', { brokers: 'kafka-1:9092', topic: 'meetings.events', saslUsername: 'portal', saslPassword: 'kafka-pass' }, { brokers: 'kafka-1' }, 'brokers', 'invalid_brokers'],
  ['meeting', { modes: [{ name: 'Classroom', options: meetingOptions }] }, { modes: [{ name: ' Classroom', options: meetingOptions }] }, 'modes.0.name', 'invalid_mode_name'],
  ['email', { host: 'smtp.example.com', port: 587, fromName: 'Portal', fromEmail: 'no-reply@example.com', username: 'mailer', password: 'smtp-pass', tls: true }, { port: 70000 }, 'port', 'invalid_port'],
  ['payment', { provider: 'stripe', publishableKey: 'pk_test_123', secretKey: 'sk_test_456' }, { publishableKey: 'pk test' }, 'publishableKey', 'invalid_value'],
  ['transcoding', { enabled: true, serviceUrl: 'https://transcode.example.com', maxConcurrentJobs: 4, outputFormat: 'mp4' }, { serviceUrl: 'ftp://transcode.example.com' }, 'serviceUrl', 'invalid_url'],
  ['tenant', { dialIn: true, dialOut: false, showNormalSignup: true, showSocialSignup: false, defaultLanguage: 'en', maxUsers: 100 }, { defaultLanguage: 'de' }, 'defaultLanguage', 'invalid_value'],
  ['recording', { modes: ['audio_only'], autoDeleteDays: 30, allowedAddress: null }, { autoDeleteDays: 0 }, 'autoDeleteDays', 'invalid_auto_delete_days'],
  ['webhooks', { allowPrivateTargets: false }, { allowPrivateTargets: 'yes' }, 'allowPrivateTargets', 'invalid_value'],
];

describe('every settings section', () => {
  it('is covered by this matrix', () => {
    expect(sectionCases.map(([section]) => section).sort()).toEqual([...settingsSections].sort());
  });

  it.each(sectionCases)('%s: reading and saving answer 403 to everyone but the super administrator, and save nothing', async (section, body) => {
    const before = await storedValue(section);
    for (const { tenant, email, session } of outsiders) {
      expect((await server.request(tenant, 'GET', `/settings/${section}`, { session })).status, email).toBe(403);
      expect((await server.request(tenant, 'PUT', `/settings/${section}`, { session, body })).status, email).toBe(403);
    }
    expect(await storedValue(section)).toEqual(before);
    expect((await server.request('system', 'GET', `/settings/${section}`)).status).toBe(401);
  });

  it.each(sectionCases)('%s: a bad field value is 400 with that field error, and saves nothing', async (section, body, bad, field, code) => {
    const before = await storedValue(section);
    const res = await put(`/settings/${section}`, { ...body, ...bad });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual(expect.objectContaining({ field, code }));
    expect(await storedValue(section)).toEqual(before);
  });
});

describe('isAddressOrRange', () => {
  it.each([
    ['192.168.1.10', true],
    ['192.168.0.0/16', true],
    ['2001:db8::/32', true],
    ['::1', true],
    ['192.168.0.0/33', false],
    ['2001:db8::/129', false],
    ['10.0.0.0/08', false],
    ['10.0.0.256', false],
    ['10.0.0.0/8/8', false],
  ])('%s → %s', (value, expected) => {
    expect(isAddressOrRange(value)).toBe(expected);
  });
});
