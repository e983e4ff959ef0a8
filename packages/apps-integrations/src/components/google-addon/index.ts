export { GoogleAddonScreen, type GoogleAddonScreenProps } from './google-addon-screen';
