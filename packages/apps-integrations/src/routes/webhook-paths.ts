/** The tenant administrator's webhook endpoints (beyond the spec: issue 14 section 6). */
export const WEBHOOKS_PATH = 'webhooks';
