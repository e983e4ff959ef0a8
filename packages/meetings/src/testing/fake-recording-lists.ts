// What the fake Cloud and local recordings APIs share: JSON and problem answers, installing a
// request handler behind the real api-client, and answering a recordings list query (period, search,
// company, page) the way the server does.
import { configureApi } from '@portal/api-client';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

export const problem = (status: number, code: string, errors?: { field: string; code: string }[]) =>
  json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}) });

/** Makes the api-client send every request to `handle`. */
export function answerApiWith(handle: (request: Request) => Promise<Response>): void {
  const baseUrl = `${typeof window === 'undefined' ? 'http://portal.test' : window.location.origin}/api/v1`;
  configureApi({ baseUrl, fetch: (input: RequestInfo | URL, init?: RequestInit) => handle(input instanceof Request ? input : new Request(input, init)) });
}

type ListedRecording = { meetingId: string; topic: string; tenantName: string };

/**
 * One page of `recordings` for the list query in `url`: `to` before `from` is refused; the period
 * holds the recording's day (`dayOf`), `q` a meeting ID part or a `searched` text, `company` the tenant name.
 */
export function recordingListAnswer<R extends ListedRecording>(recordings: R[], url: URL, { dayOf, searched }: { dayOf: (r: R) => string; searched: (r: R) => string[] }): Response {
  const q = url.searchParams.get('q')?.toLowerCase();
  const company = url.searchParams.get('company')?.toLowerCase();
  const from = url.searchParams.get('from');
  const to = url.searchParams.get('to');
  if (from && to && to < from) return problem(400, 'validation_failed', [{ field: 'to', code: 'end_before_start' }]);
  const found = recordings.filter(
    (r) =>
      (!from || dayOf(r) >= from) &&
      (!to || dayOf(r) <= to) &&
      (!q || r.meetingId.includes(q) || searched(r).some((text) => text.toLowerCase().includes(q))) &&
      (!company || r.tenantName.toLowerCase().includes(company)),
  );
  const limit = Number(url.searchParams.get('limit') ?? 25);
  const offset = Number(url.searchParams.get('cursor') ?? 0);
  return json(200, { items: found.slice(offset, offset + limit), nextCursor: offset + limit < found.length ? String(offset + limit) : null });
}
