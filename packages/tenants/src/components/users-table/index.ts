export { UsersTable, type User, type UsersTableProps } from './users-table';
