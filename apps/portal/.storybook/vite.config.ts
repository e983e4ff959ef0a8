import { defineConfig } from 'vite';

// Storybook's own Vite config; main.ts adds the portal plugins in viteFinal.
export default defineConfig({});
