import { msg } from '@lingui/core/macro';
import type { SettingsField } from './settings-fields';

// What the server does with it: apps/server/src/webhooks/deliver.ts and ssrf.ts.
export const webhooksFields: SettingsField[] = [
  {
    kind: 'switch',
    name: 'allowPrivateTargets',
    label: msg`Allow webhooks to private addresses`,
    description: msg`Off, webhooks are never delivered to loopback, private, link-local or other reserved addresses. Tenant administrators choose the webhook URLs, so allowing these lets them make the server send requests into its own network (server-side request forgery). Turn it on only for tests or a closed network.`,
  },
];
