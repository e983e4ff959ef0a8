import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@portal/api-client';
import { explainedProblemText, fieldErrorText, problemText, problemTextFor } from './problem-text';
import { serverFieldErrors } from './show-submit-error';

const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
const FIELDS = ['email', 'firstName', 'lastName', 'roles', 'password'] as const;

describe('serverFieldErrors', () => {
  it('maps field codes to the spec messages, by the first segment of the path', () => {
    const error = new ApiError(400, {
      code: 'validation_failed',
      errors: [
        { field: 'email', code: 'invalid_email' },
        { field: 'password', code: 'weak_password' },
        { field: 'roles.0', code: 'invalid_role' },
      ],
    });
    expect(serverFieldErrors(error, FIELDS, i18n)).toEqual({
      email: 'Enter a valid email',
      password: 'Password must contain at least 6 characters, including upper case/ lower case and numbers',
      roles: 'Choose a valid role',
    });
  });

  it("puts the server's email_exists answer on the email field as 'Email already registered'", () => {
    const error = new ApiError(409, { code: 'email_exists', errors: [{ field: 'email', code: 'email_exists' }] });
    expect(serverFieldErrors(error, FIELDS, i18n)).toEqual({ email: 'Email already registered' });
  });

  it('leaves out fields the form does not show, and non-API errors', () => {
    const error = new ApiError(400, { code: 'validation_failed', errors: [{ field: 'tenantId', code: 'invalid_value' }] });
    expect(serverFieldErrors(error, FIELDS, i18n)).toEqual({});
    expect(serverFieldErrors(new TypeError('boom'), FIELDS, i18n)).toEqual({});
  });
});

describe('problemText and fieldErrorText', () => {
  it('use the problem catalogue with the generic failure as fallback', () => {
    expect(problemText(new ApiError(400, { code: 'owner_invalid' }), i18n)).toBe('Choose a valid new owner');
    expect(problemText(new Error('offline'), i18n)).toBe('Failed, Try Again..!!');
    expect(fieldErrorText('invalid_first_name', i18n)).toBe('Enter a valid first name');
    expect(fieldErrorText('email_exists', i18n)).toBe('Email already registered');
  });

  it("give a page's explained codes their own text and leave the rest to the page", () => {
    expect(problemTextFor(new ApiError(401, { code: 'invalid_credentials' }), ['invalid_credentials'], i18n)).not.toBeNull();
    expect(problemTextFor(new ApiError(400, { code: 'owner_invalid' }), ['invalid_credentials'], i18n)).toBeNull();
    expect(explainedProblemText(new ApiError(429, { code: 'rate_limited' }), i18n)).toBe(problemText(new ApiError(429, { code: 'rate_limited' }), i18n));
    expect(explainedProblemText(new Error('offline'), i18n)).toBeNull();
  });
});
