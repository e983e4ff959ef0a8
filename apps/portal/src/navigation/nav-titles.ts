import type { MessageDescriptor } from '@lingui/core';

/** Lingui's translate function (`i18n._`, or `_` from useLingui, which changes with the language). */
export type Translate = (descriptor: MessageDescriptor) => string;
import { msg } from '@lingui/core/macro';

/**
 * Titles of the spec's side menu (section 2) and of the items the issues added (the audit and
 * email logs). The server names each node's title by a `translate` key; descriptors live here so
 * Lingui extracts them into the four catalogs.
 */
const dashboard = msg`Dashboard`;
const recording = msg`Recording`;
// The member's own uploaded recordings (menu id `recordings`).
const recordings = msg`Recordings`;
const cloudRecordings = msg`Cloud recordings`;
const globalConfiguration = msg`Global Configuration`;
const kubernetes = msg`Kubernetes`;
const freeswitch = msg`FreeSwitch`;
const kafka = msg`Kafka`;
const meetingConfig = msg`Meeting configuration`;
const emailConfig = msg`Email configuration`;
const paymentProvider = msg`Payment provider`;
const transcoding = msg`Transcoding`;
const tenantConfig = msg`Tenant configuration`;
const users = msg`Users`;
const auditLog = msg`Audit log`;
const emailLog = msg`Email log`;
const liveMeetings = msg`Live meetings`;
const completedMeetings = msg`Completed meetings`;
const phoneNumbers = msg`Phone numbers`;
const develops = msg`Develops`;
const meetings = msg`Meetings`;
const scheduleMeeting = msg`Schedule meeting`;
const upcomingMeetings = msg`Upcoming meetings`;
const openMeetings = msg`Open meetings`;
const pastMeetings = msg`Past meetings`;
const personalMeeting = msg`Personal meeting`;
const feedback = msg`Feedback`;
const clients = msg`Clients`;
const meetingState = msg`Meeting state`;
const profile = msg`Profile`;
const tenants = msg`Tenants`;
const apps = msg`Apps`;
const roles = msg`Roles`;
const plans = msg`Plans`;
const products = msg`Products`;
const billing = msg`Billing`;
const currentPlans = msg`Current plans`;
const invoiceHistory = msg`Invoice history`;
const pendingPlans = msg`Pending plans`;
// Not in the spec's menu: the tenant's webhooks and the platform's webhook settings (issue 14).
const webhooks = msg`Webhooks`;

// Keys in normalised form (see navTitleKey); menu link names and their usual variants all map,
// so a key written `cloud-recordings`, `CLOUD_RECORDINGS` or `cloudRecordings` finds its title.
export const navTitles: Readonly<Record<string, MessageDescriptor>> = {
  DASHBOARD: dashboard,
  RECORDING: recording,
  RECORDINGS: recordings,
  CLOUD_RECORDINGS: cloudRecordings,
  GLOBAL_CONFIGURATION: globalConfiguration,
  KUBERNETES: kubernetes,
  FREESWITCK: freeswitch,
  FREESWITCH: freeswitch,
  KAFKA: kafka,
  MEETINGCONFIG: meetingConfig,
  MEETING_CONFIG: meetingConfig,
  EMAILCONFIG: emailConfig,
  EMAIL_CONFIG: emailConfig,
  STRIPECONFIG: paymentProvider,
  STRIPE_CONFIG: paymentProvider,
  PAYMENT_PROVIDER: paymentProvider,
  TRANSCODINGCONFIG: transcoding,
  TRANSCODING_CONFIG: transcoding,
  TRANSCODING: transcoding,
  TENANTCONFIG: tenantConfig,
  TENANT_CONFIG: tenantConfig,
  USER: users,
  USERS: users,
  AUDIT_LOG: auditLog,
  EMAIL_LOG: emailLog,
  LIVE_MEETING: liveMeetings,
  LIVE_MEETINGS: liveMeetings,
  COMPLETED_MEETINGS: completedMeetings,
  PHONE_NUMBERS: phoneNumbers,
  PHONE: phoneNumbers,
  DEVPORTAL: develops,
  DEV_PORTAL: develops,
  DEVELOPS: develops,
  MEETINGS: meetings,
  SCHEDULE_MEETING: scheduleMeeting,
  UPCOMING_MEETINGS: upcomingMeetings,
  OPEN_MEETINGS: openMeetings,
  PAST_MEETINGS: pastMeetings,
  PERSONAL_MEETING: personalMeeting,
  FEEDBACK: feedback,
  FEEDBACKS: feedback,
  CLIENTS: clients,
  CLIENT: clients,
  MEETING_STATE: meetingState,
  PROFILE: profile,
  TENANT: tenants,
  TENANTS: tenants,
  APPS: apps,
  APP: apps,
  ROLES: roles,
  ROLE: roles,
  PLANS: plans,
  PLAN: plans,
  PRODUCTS: products,
  PRODUCT: products,
  BILLING: billing,
  BILLING_PLAN: currentPlans,
  CURRENT_PLANS: currentPlans,
  BILLING_INVOICE: invoiceHistory,
  INVOICE_HISTORY: invoiceHistory,
  BILLING_PENDING: pendingPlans,
  PENDING_PLANS: pendingPlans,
  WEBHOOKS: webhooks,
  WEBHOOKSCONFIG: webhooks,
  WEBHOOKS_CONFIG: webhooks,
};

/** `cloud-recordings`, `cloudRecordings`, `NAV.CLOUD_RECORDINGS` → `CLOUD_RECORDINGS`. */
export function navTitleKey(key: string): string {
  const last = key.split('.').pop() ?? key;
  return last
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export type TitledNavEntry = { id: string; title: string; translate?: string };

/** The entry's title in the active language: by its translate key, then its id, else as served. */
export function translateNavTitle(entry: TitledNavEntry, translate: Translate): string {
  const descriptor =
    (entry.translate ? navTitles[navTitleKey(entry.translate)] : undefined) ?? navTitles[navTitleKey(entry.id)];
  return descriptor ? translate(descriptor) : entry.title;
}
