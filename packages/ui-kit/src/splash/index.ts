export { Splash, type SplashProps } from './splash';
