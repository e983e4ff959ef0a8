export { createMutationCache, OWN_ERROR_NOTICE } from './mutation-error-notice';
export type { PortalMutationMeta } from './mutation-error-notice';
export { isValidEmail, isValidPassword } from './password-rule';
export { isValidPersonName, PERSON_NAME_MAX_LENGTH } from './person-name';
export { explainedProblemText, fieldErrorText, problemText, problemTextFor } from './problem-text';
export { serverFieldErrors, showSubmitError } from './show-submit-error';
export type { ShowSubmitErrorOptions } from './show-submit-error';
