import { setupI18n } from '@lingui/core';
import type { Messages } from '@lingui/core';
import { messages as enMessages } from '../locales/en/messages.po';
import { messages as frMessages } from '../locales/fr/messages.po';
import { fieldErrorMessages, messageForFieldError, messageForProblem, problemMessages } from './problem-messages';

function i18nFor(locale: 'en' | 'fr', messages: Messages) {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

describe('messageForProblem', () => {
  const en = i18nFor('en', enMessages);
  const fr = i18nFor('fr', frMessages);

  it('gives the agreed text for known server codes', () => {
    expect(messageForProblem('invalid_credentials', en)).toBe('Incorrect Email or Password');
    expect(messageForProblem('email_exists', en)).toBe('Email already registered');
    expect(messageForProblem('unauthenticated', en)).toBe('Your session has ended. Please sign in again.');
    expect(messageForProblem('csrf_failed', en)).toBe('Your session has ended. Please sign in again.');
    expect(messageForProblem('file_too_large', en)).toBe('This file exceeds maximum upload size of 1 MB');
    expect(messageForProblem('user_limit_reached', en)).toBe('This tenant has reached its maximum number of users.');
    expect(messageForProblem('maintenance', en)).toBe('The portal is down for maintenance. Please try again later.');
    expect(messageForProblem('internal', en)).toBe('Failed, Try Again..!!');
  });

  it.each([undefined, null, '', 'teapot', 'constructor', '__proto__', 'toString'])(
    'falls back to the generic failure for %j',
    (code) => {
      expect(messageForProblem(code, en)).toBe('Failed, Try Again..!!');
    },
  );

  it('answers in the active language', () => {
    expect(messageForProblem('invalid_credentials', fr)).toBe('Adresse e-mail ou mot de passe incorrect');
    expect(messageForProblem('something_new', fr)).toBe('Échec, réessayez !');
  });

  it('has an English text for every code', () => {
    for (const code of Object.keys(problemMessages)) {
      expect(messageForProblem(code, en)).not.toBe('');
    }
  });
});

describe('messageForFieldError', () => {
  const en = i18nFor('en', enMessages);

  it('gives the spec text for each field error code', () => {
    expect(messageForFieldError('invalid_email', en)).toBe('Enter a valid email');
    expect(messageForFieldError('invalid_first_name', en)).toBe('Enter a valid first name');
    expect(messageForFieldError('invalid_last_name', en)).toBe('Enter a valid last name');
    expect(messageForFieldError('weak_password', en)).toBe(
      'Password must contain at least 6 characters, including upper case/ lower case and numbers',
    );
    expect(messageForFieldError('required', en)).toBe('This field is required');
    expect(messageForFieldError('invalid_url', en)).toBe('Enter a valid URL');
    expect(messageForFieldError('invalid_uris', en)).toBe('Enter a valid Uris');
    expect(messageForFieldError('end_before_start', en)).toBe('Cannot Choose a Pre-Date for End Date');
    // Several slices add codes: every one must have a message, however many there are.
    for (const code of Object.keys(fieldErrorMessages)) expect(messageForFieldError(code, en)).not.toBe('');
  });

  it('falls back to a generic field message for unknown codes', () => {
    expect(messageForFieldError('hasOwnProperty', en)).toBe('Enter a valid value');
    expect(messageForFieldError(undefined, en)).toBe('Enter a valid value');
  });
});
