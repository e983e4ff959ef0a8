export { DevClientsScreen } from './dev-clients-screen';
