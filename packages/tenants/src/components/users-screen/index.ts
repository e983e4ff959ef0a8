export { UsersScreen } from './users-screen';
