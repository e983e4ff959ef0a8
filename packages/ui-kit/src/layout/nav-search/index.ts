export { NavSearch, type NavSearchProps } from './nav-search';
export { searchNavItems } from './search-nav-items';
