export { commonMessages } from './common-messages';
export type { CommonMessageKey } from './common-messages';
export {
  fieldErrorMessages,
  messageForFieldError,
  messageForProblem,
  problemMessages,
} from './problem-messages';
export type { FieldErrorCode, ProblemCode } from './problem-messages';
export { validationMessages } from './validation-messages';
export type { ValidationMessageKey } from './validation-messages';
