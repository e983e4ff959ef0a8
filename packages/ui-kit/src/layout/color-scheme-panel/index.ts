export { ColorSchemeControl } from './color-scheme-control';
export { ColorSchemePanel } from './color-scheme-panel';
export { ColorSchemeSync } from './color-scheme-sync';
