export { PermissionTree, type PermissionTreeProps } from './permission-tree';
