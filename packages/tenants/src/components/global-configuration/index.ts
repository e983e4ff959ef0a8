export { ConfigScreen, type ConfigScreenProps } from './config-screen';
export { configScreenOf, configScreens, type ConfigScreen as ConfigScreenEntry } from './config-screens';
export { GlobalConfigurationScreen } from './global-configuration-screen';
