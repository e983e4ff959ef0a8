export { MissingPage, type MissingPageProps } from './missing-page';
