// The answers every tenants fake builds: JSON, and problem+json errors with optional field errors.
export const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' } });

export const problem = (status: number, code: string, errors?: Array<{ field: string; code: string }>, extra: Record<string, unknown> = {}) =>
  json(status, { type: 'about:blank', title: code, status, code, ...(errors ? { errors } : {}), ...extra });
