export { RoleFormScreen, type RoleFormScreenProps, type RoleFormValues } from './role-form-screen';
