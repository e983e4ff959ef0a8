export { RolesScreen } from './roles-screen';
