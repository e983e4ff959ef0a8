import { ClientsScreen } from '../components/clients-screen';

/** Lazy route module of `/portal/clients`. */
export default function ClientsRoute() {
  return <ClientsScreen />;
}
