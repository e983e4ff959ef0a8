/** Query keys of the Apps screen's plugin reads. */
export const pluginKeys = {
  all: ['plugins'] as const,
  info: () => [...pluginKeys.all, 'info'] as const,
};
