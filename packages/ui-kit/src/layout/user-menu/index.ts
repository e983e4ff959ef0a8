export { getInitial } from './get-initial';
export { UserMenu, type UserMenuProps } from './user-menu';
