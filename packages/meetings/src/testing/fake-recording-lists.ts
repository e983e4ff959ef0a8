// What the fake Cloud and local recordings APIs share: answering a recordings list query (period,
// search, company, page) the way the server does.
import { jsonResponse as json, problemResponse as problem } from '@portal/auth/testing';

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
