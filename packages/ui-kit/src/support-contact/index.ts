export { SupportContact, type SupportContactProps } from './support-contact';
