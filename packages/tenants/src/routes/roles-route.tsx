import { RolesScreen } from '../components/roles-screen';

/** Lazy route module of `/portal/Roles` and `/portal/role`. */
export default function RolesRoute() {
  return <RolesScreen />;
}
