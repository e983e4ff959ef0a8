export { PasswordField, type PasswordFieldProps } from './password-field';
export { TagsField, type TagsFieldProps } from './tags-field';
