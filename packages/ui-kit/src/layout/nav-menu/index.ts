export { NavMenu, type NavMenuProps } from './nav-menu';
