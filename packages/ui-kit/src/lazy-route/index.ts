export { lazyRoute, type DefaultScreenModule, type LazyRoute } from './lazy-route';
