// The global configuration screens: their route, section, title, summary and (for the forms built
// from a field list) their fields. The hub's cards and the routes both come from this list.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SettingsSection } from '../../api/settings/get-settings';
import {
  emailFields,
  freeswitchFields,
  kafkaFields,
  kubernetesFields,
  paymentFields,
  systemFields,
  tenantFields,
  transcodingFields,
  type SettingsField,
} from '../settings-form/settings-fields';
import { webhooksFields } from '../settings-form/webhooks-fields';

export type ConfigScreen = {
  path: string;
  section: SettingsSection;
  title: MessageDescriptor;
  summary: MessageDescriptor;
  /** Absent for the hub's cards whose screens another feature serves (meeting and recording settings). */
  fields?: readonly SettingsField[];
  /** Shown above the form: what the portal does (or does not do) with these settings. */
  notice?: MessageDescriptor;
};

// The spec's Kafka section is stored, and nothing reads it: say so where it is edited (README, Running at scale).
const kafkaNotice = msg`These settings are kept but not used: the portal publishes no events to Kafka. Media nodes send their events through RabbitMQ (the AMQP_URL setting of the server).`;

export const configScreens: readonly ConfigScreen[] = [
  { path: 'kubernetes-config', section: 'kubernetes', title: msg`Kubernetes`, summary: msg`Media nodes and the cluster that runs them`, fields: kubernetesFields },
  { path: 'system-config', section: 'system', title: msg`System`, summary: msg`Public address, support contact and maintenance`, fields: systemFields },
  { path: 'freeswitch-config', section: 'freeswitch', title: msg`FreeSwitch`, summary: msg`Telephony server connection`, fields: freeswitchFields },
  { path: 'kafka-config', section: 'kafka', title: msg`Kafka`, summary: msg`Event brokers, topic and credentials`, fields: kafkaFields, notice: kafkaNotice },
  { path: 'meetingconfig-config', section: 'meeting', title: msg`Meeting`, summary: msg`Named meeting modes and their options` },
  { path: 'emailconfig-config', section: 'email', title: msg`Email`, summary: msg`Outgoing mail server for tenants without their own SMTP server`, fields: emailFields },
  { path: 'stripeconfig-config', section: 'payment', title: msg`Payment provider`, summary: msg`Payment provider keys`, fields: paymentFields },
  { path: 'transcoding-config', section: 'transcoding', title: msg`Transcoding`, summary: msg`Recording transcoding service`, fields: transcodingFields },
  { path: 'tenantconfig-config', section: 'tenant', title: msg`Tenant`, summary: msg`Defaults for new tenants`, fields: tenantFields },
  { path: 'recording-settings', section: 'recording', title: msg`Recording settings`, summary: msg`Recording modes, auto-delete and access` },
  // Not in the spec: whether the tenants' webhooks may reach private addresses (issue 14 section 6).
  { path: 'webhooks-config', section: 'webhooks', title: msg`Webhooks`, summary: msg`Whether webhooks may reach private addresses`, fields: webhooksFields },
];

/** The screen of a route this feature serves: one with a field list. */
export const configScreenOf = (path: string) => configScreens.find((screen) => screen.path === path && screen.fields);
