import { isApiError } from './api-error.ts';

/** The stable code of a failed call's problem, or undefined when the failure is not an API answer. */
export function problemCode(error: unknown): string | undefined {
  return isApiError(error) ? error.code : undefined;
}

/** Whether a failed call answered one of these problem codes. */
export function hasProblemCode(error: unknown, codes: Iterable<string>): boolean {
  const code = problemCode(error);
  return code !== undefined && new Set(codes).has(code);
}

/**
 * The server's field error codes keyed by a form's own paths, the first per path. `pathOf` maps
 * a server field (`roles.0`, `iceServers.video.0.url`) to the form path, or null when the form
 * does not show it, so those errors are left out and the caller can fall back to a notice.
 */
export function problemFieldCodes(error: unknown, pathOf: (field: string) => string | null): Record<string, string> {
  const codes: Record<string, string> = {};
  if (!isApiError(error)) return codes;
  for (const { field, code } of error.errors) {
    const path = pathOf(field);
    if (path && codes[path] === undefined) codes[path] = code;
  }
  return codes;
}

/** `pathOf` for forms named like the server's top-level fields: `roles.0` lands on `roles`. */
export function topLevelFieldOf(fields: Iterable<string>): (field: string) => string | null {
  const known = new Set(fields);
  return (field) => {
    const name = field.split('.')[0] ?? field;
    return known.has(name) ? name : null;
  };
}
