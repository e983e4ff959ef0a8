export { PageLoader, type PageLoaderProps } from './page-loader';
