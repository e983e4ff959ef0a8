import { useParams } from 'react-router';
import { RoleFormScreen } from '../components/role-form-screen';

/** Lazy route module of `/portal/Roles/create-role` and `/portal/Roles/:roleuuid`. */
export default function RoleFormRoute() {
  const { roleuuid } = useParams();
  return <RoleFormScreen key={roleuuid ?? 'new'} roleId={roleuuid} />;
}
