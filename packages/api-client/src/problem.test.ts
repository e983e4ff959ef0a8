import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';
import { hasProblemCode, problemCode, problemFieldCodes, topLevelFieldOf } from './problem.ts';

describe('problemCode and hasProblemCode', () => {
  it("read an API answer's code and nothing from other failures", () => {
    expect(problemCode(new ApiError(409, { code: 'email_exists' }))).toBe('email_exists');
    expect(problemCode(new TypeError('offline'))).toBeUndefined();
    expect(hasProblemCode(new ApiError(429, { code: 'rate_limited' }), ['rate_limited', 'maintenance'])).toBe(true);
    expect(hasProblemCode(new ApiError(400, { code: 'validation_failed' }), ['rate_limited'])).toBe(false);
    expect(hasProblemCode(new Error('boom'), ['internal'])).toBe(false);
  });
});

describe('problemFieldCodes', () => {
  const error = new ApiError(400, {
    code: 'validation_failed',
    errors: [
      { field: 'email', code: 'invalid_email' },
      { field: 'roles.0', code: 'invalid_role' },
      { field: 'roles.1', code: 'role_not_held' },
      { field: 'tenantId', code: 'invalid_value' },
    ],
  });

  it("keys the first code per path by the form's own paths, leaving out fields the form does not show", () => {
    expect(problemFieldCodes(error, topLevelFieldOf(['email', 'roles']))).toEqual({ email: 'invalid_email', roles: 'invalid_role' });
    expect(problemFieldCodes(error, (field) => (field.startsWith('roles.') ? field : null))).toEqual({ 'roles.0': 'invalid_role', 'roles.1': 'role_not_held' });
  });

  it('has nothing for a failure that is not an API answer', () => {
    expect(problemFieldCodes(new TypeError('offline'), topLevelFieldOf(['email']))).toEqual({});
  });
});
