// Neosound (speech analytics) as the portal calls it: one small HTTP client over fetch, the tenant's
// sealed API key as a Bearer token, and a base URL that tests point at a local stand-in
// (test/neosound-stand-in.ts). Neosound's public API is not documented to us; this is the contract
// the adapter assumes (and the stand-in implements), all JSON unless said otherwise:
//
//   Authorization: Bearer <the tenant's API key>          on every call
//   POST {base}v1/accounts           {externalId, email, name}  -> 201 (or 200 when externalId exists) {id}
//   POST {base}v1/accounts/{id}/login-links                     -> 201 {url}   one-time sign-in address
//   POST {base}v1/accounts/{id}/files?name=<file name>
//        body: the raw audio or video bytes, Content-Type audio/ogg or video/webm, Content-Length set
//                                                              -> 201 {id, url}  url opens the file
//   errors: any other status, body {error: {code, message}} (or none)
//
// The base URL is NEOSOUND_BASE_URL when set, else the default of the tenant's Neosound region
// (`eu` or `us`, from the Partner apps section). Every failure (refusal, bad answer, timeout,
// unreachable) becomes a 502 `neosound_failed` problem: Neosound's trouble is never a 500.
import type { Readable } from 'node:stream';
import { Readable as NodeReadable } from 'node:stream';
import { ProblemError } from '../../kernel/http/problem.ts';

export type NeosoundRegion = 'eu' | 'us';

/** The regions' API base URLs when NEOSOUND_BASE_URL is not set (assumed; configure the real one). */
export const regionBaseUrls: Record<NeosoundRegion, string> = {
  eu: 'https://api.eu.neosound.ai/',
  us: 'https://api.us.neosound.ai/',
};

export type NeosoundConnection = { baseUrl: string; apiKey: string };

export type NeosoundUpload = { stream: Readable; bytes: number; contentType: string; fileName: string };

const CALL_TIMEOUT_MS = 15_000;
/** An upload of a long recording may take a while; it still ends. */
const UPLOAD_TIMEOUT_MS = 60 * 60_000;

export const neosoundFailed = (detail: string) => new ProblemError(502, 'neosound_failed', { detail: `Neosound: ${detail}` });

/** The base URL with exactly one trailing slash, so relative paths resolve under it. */
export function neosoundBaseUrl(configured: string | null, region: string | undefined): string {
  const base = configured ?? regionBaseUrls[region === 'us' ? 'us' : 'eu'];
  return base.endsWith('/') ? base : `${base}/`;
}

function parseJson(text: string): unknown {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

async function call(connection: NeosoundConnection, path: string, init: RequestInit & { duplex?: 'half' }, timeoutMs: number): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(new URL(path, connection.baseUrl), {
      ...init,
      headers: { accept: 'application/json', authorization: `Bearer ${connection.apiKey}`, ...(init.headers as Record<string, string>) },
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw neosoundFailed(`could not be reached (${error instanceof Error ? error.message : String(error)})`);
  }
  const text = await response.text().catch(() => '');
  const body = parseJson(text);
  if (!response.ok) {
    const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    const reason = typeof error?.message === 'string' ? error.message : typeof error?.code === 'string' ? error.code : `HTTP ${response.status}`;
    throw neosoundFailed(`refused (${response.status}): ${reason}`);
  }
  if (!body || typeof body !== 'object') throw neosoundFailed('answered no JSON object');
  return body as Record<string, unknown>;
}

function stringField(body: Record<string, unknown>, name: string): string {
  const value = body[name];
  if (typeof value !== 'string' || value === '') throw neosoundFailed(`answered without ${name}`);
  return value;
}

function urlField(body: Record<string, unknown>, name: string): string {
  const value = stringField(body, name);
  if (!/^https?:\/\//.test(value)) throw neosoundFailed(`answered a ${name} that is not a web address`);
  return value;
}

const json = (value: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });

/** Creates (or finds, by our user id) the person's account; answers Neosound's account id. */
export async function createAccount(connection: NeosoundConnection, person: { externalId: string; email: string; name: string }): Promise<string> {
  return stringField(await call(connection, 'v1/accounts', json(person), CALL_TIMEOUT_MS), 'id');
}

/** A one-time address that opens Neosound signed in as the account. */
export async function loginLink(connection: NeosoundConnection, accountId: string): Promise<string> {
  return urlField(await call(connection, `v1/accounts/${encodeURIComponent(accountId)}/login-links`, json({}), CALL_TIMEOUT_MS), 'url');
}

/**
 * Uploads one file to the account, streamed from `upload.stream` as it is read (never held in
 * memory whole: a recording may be gigabytes). Answers Neosound's file id and where it opens.
 */
export async function uploadFile(connection: NeosoundConnection, accountId: string, upload: NeosoundUpload): Promise<{ id: string; url: string }> {
  const path = `v1/accounts/${encodeURIComponent(accountId)}/files?name=${encodeURIComponent(upload.fileName)}`;
  const body = NodeReadable.toWeb(upload.stream) as ReadableStream<Uint8Array>;
  const answer = await call(
    connection,
    path,
    { method: 'POST', headers: { 'content-type': upload.contentType, 'content-length': String(upload.bytes) }, body, duplex: 'half' },
    UPLOAD_TIMEOUT_MS,
  );
  return { id: stringField(answer, 'id'), url: urlField(answer, 'url') };
}
