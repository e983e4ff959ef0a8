export { E2eeAppCard, type E2eeAppCardProps } from './e2ee-app-card';
