export { RoleFormScreen, ROLES_PATH, type RoleFormScreenProps, type RoleFormValues } from './role-form-screen';
