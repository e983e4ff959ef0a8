/** Query keys of the plugin reads Cloud recordings makes (the same key as the Apps screen's, so one invalidation serves both). */
export const neosoundKeys = {
  plugins: () => ['plugins', 'info'] as const,
};
