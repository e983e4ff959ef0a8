import { UsersScreen } from '../components/users-screen';

/** Lazy route module of `/portal/user`. */
export default function UsersRoute() {
  return <UsersScreen />;
}
