// A failed call as one typed error: the server's problem+json (status, stable code, field and row
// errors, request id), or a network failure (status 0, code `network`).
import type { components } from '@portal/contract';

export type Problem = components['schemas']['Problem'];
export type FieldError = components['schemas']['FieldError'];
export type RowError = components['schemas']['RowError'];

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[];
  readonly rowErrors: RowError[];
  readonly requestId: string | undefined;

  constructor(status: number, problem: Partial<Problem>) {
    super(problem.detail ?? problem.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = problem.code ?? (status === 0 ? 'network' : 'internal');
    this.errors = problem.errors ?? [];
    this.rowErrors = problem.rowErrors ?? [];
    this.requestId = problem.requestId;
  }

  /** Field errors keyed by field, for form libraries: `{ email: 'invalid_email' }`. */
  fieldCodes(): Record<string, string> {
    return Object.fromEntries(this.errors.map((e) => [e.field, e.code]));
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    let problem: Partial<Problem> = {};
    try {
      const body: unknown = await response.clone().json();
      if (body && typeof body === 'object') problem = body;
    } catch {
      // A proxy or crash page that is not problem+json: keep the status, code falls back.
    }
    return new ApiError(response.status, { requestId: response.headers.get('x-request-id') ?? undefined, ...problem });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
