import { msg } from '@lingui/core/macro';

/**
 * Form validation messages of spec section 5, word for word. Forms show them with
 * `i18n._(validationMessages.validEmail)`.
 */
export const validationMessages = {
  required: msg`This field is required`,
  validEmailLogin: msg`Please enter a valid email`,
  validEmail: msg`Enter a valid email`,
  validEmailShort: msg`Enter valid email`,
  firstName: msg`Enter a valid first name`,
  lastName: msg`Enter a valid last name`,
  password: msg`Password must contain at least 6 characters, including upper case/ lower case and numbers`,
  passwordsMismatch: msg`Passwords do not match`,
  twoFactorPassword: msg`Enter a valid password`,
  minUsers: msg`Enter a valid number of minimum users`,
  maxUsers: msg`Enter a valid number of maximum users`,
  mediaNodeName: msg({
    message: 'error',
    context: 'media-node name',
    comment: 'Shown under an invalid media-node name (3 to 30 letters, spaces or dots).',
  }),
  meetingId10: msg`Please enter 10 digits`,
  meetingPasswordMin6: msg`Enter minimum 6 digits`,
  topic: msg`Enter a valid topic`,
  meetingPassword: msg`Enter a valid meeting password`,
  upcomingTime: msg`Please choose an upcoming time`,
  selectDay: msg`Please select a day`,
  endBeforeStart: msg`Cannot Choose a Pre-Date for End Date`,
  phone: msg`Enter a valid phone number`,
  phoneProvide: msg`Please provide a valid phone number`,
  meetingIdNotFound: msg`Meeting Id not found`,
  meetingId: msg`Enter a valid Meeting Id`,
  jsonOnly: msg`Supports only json format`,
  fileTooLarge1Mb: msg`This file exceeds maximum upload size of 1 MB`,
  subdomain: msg`Enter a valid subdomain`,
  url: msg`Enter a valid URL`,
  uris: msg`Enter a valid Uris`,
  profilePicture: msg`Profile Update Error`,
  content: msg`Please provide a valid content`,
  client: msg`Enter a valid CLient`,
  tooLong: msg`This value is too long`,
  role: msg`Choose a valid role`,
  value: msg`Enter a valid value`,
} as const;

export type ValidationMessageKey = keyof typeof validationMessages;
