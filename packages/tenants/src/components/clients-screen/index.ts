export { ClientsScreen } from './clients-screen';
