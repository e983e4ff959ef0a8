export { ShortcutsBar, type ShortcutsBarProps } from './shortcuts-bar';
