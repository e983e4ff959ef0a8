// Errors as RFC 9457 problem details with a stable `code` the portal maps to a translated
// message. Handlers throw `ProblemError`; the error handler turns it (and validation failures)
// into an `application/problem+json` response and everything else into a logged 500.
export type FieldError = { field: string; code: string; message?: string };
export type RowError = { row: number; field: string; code: string };

const titles: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  423: 'Locked',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: FieldError[] | undefined;
  readonly rowErrors: RowError[] | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    status: number,
    code: string,
    options: { detail?: string; errors?: FieldError[]; rowErrors?: RowError[]; headers?: Record<string, string> } = {},
  ) {
    super(options.detail ?? code);
    this.status = status;
    this.code = code;
    this.errors = options.errors;
    this.rowErrors = options.rowErrors;
    this.headers = options.headers;
  }

  toBody(requestId?: string) {
    return {
      type: `https://portal.example/problems/${this.code}`,
      title: titles[this.status] ?? 'Error',
      status: this.status,
      code: this.code,
      ...(this.message !== this.code ? { detail: this.message } : {}),
      ...(requestId ? { requestId } : {}),
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.rowErrors ? { rowErrors: this.rowErrors } : {}),
    };
  }
}

export const notFound = () => new ProblemError(404, 'not_found');
export const forbidden = () => new ProblemError(403, 'forbidden');
export const fieldError = (field: string, code: string, message?: string) =>
  new ProblemError(400, 'validation_failed', { errors: [{ field, code, ...(message ? { message } : {}) }] });
