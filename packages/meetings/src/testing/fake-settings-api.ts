// An in-memory stand-in for this feature's settings sections (openapi/portal.yaml
// `/settings/meeting` and `/settings/recording`), answering through the real api-client: a save
// stores the body and answers it back with a new `updatedAt`, as the server does.
import { installFakeApi, json, problem, type FakeRoutes } from '@portal/auth/testing';
import { notify } from '@portal/ui-kit';

type Values = Record<string, unknown>;
type Section = 'meeting' | 'recording';

export type FakeSettingsApiOptions = {
  /** Stored values per section; a section not named was never saved. */
  stored?: Partial<Record<Section, Values>>;
  /** Sections whose calls answer 500. */
  failing?: Section[];
  /** The dry run's answer for a period (previewRecordingRetention); default: one tenant, 2 recordings per 30 days. */
  retentionPreview?: (autoDeleteDays: number) => unknown;
};

export type FakeSettingsApi = {
  /** Every request in order, as `{ method, section, body }`. */
  requests: { method: string; section: Section; body: unknown }[];
  /** The bodies of the saves of one section, in order. */
  saves: (section: Section) => unknown[];
};

/** Fewer recordings the longer they are kept: 60 / days of Acme's, 12 MB each, one on legal hold. */
function defaultPreview(autoDeleteDays: number) {
  const count = Math.floor(60 / autoDeleteDays);
  const tenants = count > 0 ? [{ tenantId: '00000000-0000-4000-8000-aaaaaaaaaaaa', tenantName: 'Acme Corporation', recordings: count, bytes: count * 12_000_000, held: 1 }] : [];
  return { autoDeleteDays, cutoff: '2025-03-01T00:00:00.000Z', tenants, recordings: count, bytes: count * 12_000_000 };
}

export function installFakeSettingsApi(options: FakeSettingsApiOptions = {}): FakeSettingsApi {
  const stored: Partial<Record<Section, Values>> = structuredClone(options.stored ?? {});
  const savedAt: Partial<Record<Section, string>> = {};
  const requests: FakeSettingsApi['requests'] = [];
  const section = (name: Section) => async (request: Request) => {
    const body: unknown = request.method === 'PUT' ? await request.json() : undefined;
    requests.push({ method: request.method, section: name, body });
    if (options.failing?.includes(name)) return problem(500, 'internal');
    if (body !== undefined) {
      stored[name] = body as Values;
      savedAt[name] = new Date(Date.UTC(2025, 2, 1, 10, requests.length)).toISOString();
    }
    const values = stored[name] ?? null;
    return json({ values, updatedAt: savedAt[name] ?? (values ? '2025-03-01T09:30:00.000Z' : null) });
  };
  const routes: FakeRoutes = {
    getMeetingSettings: section('meeting'),
    updateMeetingSettings: section('meeting'),
    getRecordingSettings: section('recording'),
    updateRecordingSettings: section('recording'),
  };
  routes.previewRecordingRetention = async (request: Request) => {
    const { autoDeleteDays } = (await request.json()) as { autoDeleteDays: number | null };
    requests.push({ method: 'POST', section: 'recording', body: { preview: autoDeleteDays } });
    if (autoDeleteDays === null) return json({ autoDeleteDays, cutoff: null, tenants: [], recordings: 0, bytes: 0 });
    return json(options.retentionPreview?.(autoDeleteDays) ?? defaultPreview(autoDeleteDays));
  };
  installFakeApi(routes);
  return { requests, saves: (section) => requests.filter((r) => r.method === 'PUT' && r.section === section).map((r) => r.body) };
}

/** A story loader installing the fake; play functions read it with `loadedSettingsApi(loaded)`. */
export function fakeSettingsApiLoader(options: FakeSettingsApiOptions = {}): () => { api: FakeSettingsApi } {
  return () => {
    notify.clean();
    return { api: installFakeSettingsApi(options) };
  };
}

export const loadedSettingsApi = (loaded: Record<string, unknown>): FakeSettingsApi => loaded.api as FakeSettingsApi;
