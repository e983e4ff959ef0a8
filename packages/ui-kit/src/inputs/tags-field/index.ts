export { TagsField, type TagsFieldProps } from './tags-field';
