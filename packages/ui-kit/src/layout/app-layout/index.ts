export { AppLayout, type AppLayoutProps } from './app-layout';
