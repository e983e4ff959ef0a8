import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction, AuditEntity } from '../api/audit-log/get-audit-log';

export const actionLabels: Record<AuditAction, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Updated`,
  delete: msg`Deleted`,
};

export const actionColors: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red' };

/**
 * Every kind of thing the server records (the contract's AuditEntity): typed by that list, so a
 * kind added to the contract fails the typecheck here until it has a name.
 */
export const entityLabels: Record<AuditEntity, MessageDescriptor> = {
  user: msg`User`,
  role: msg`Role`,
  tenant: msg`Tenant`,
  did: msg`Phone number`,
  media_client: msg`Client`,
  dev_client: msg`Developer client`,
  'tenant.smtp': msg`SMTP`,
  tenant_sso: msg`SSO`,
  tenant_brand: msg`Branding`,
  tenant_theme: msg`Theme`,
  'tenant.partner_app': msg`Partner apps`,
  webhook: msg`Webhook`,
  'settings.kubernetes': msg`Configuration: Kubernetes`,
  'settings.system': msg`Configuration: System`,
  'settings.freeswitch': msg`Configuration: FreeSwitch`,
  'settings.kafka': msg`Configuration: Kafka`,
  'settings.meeting': msg`Configuration: Meeting`,
  'settings.email': msg`Configuration: Email`,
  'settings.payment': msg`Configuration: Payment provider`,
  'settings.transcoding': msg`Configuration: Transcoding`,
  'settings.tenant': msg`Configuration: Tenant defaults`,
  'settings.recording': msg`Configuration: Recording`,
  'settings.webhooks': msg`Configuration: Webhooks`,
  product: msg`Product`,
  plan: msg`Plan`,
  subscription: msg`Subscription`,
  invoice: msg`Invoice`,
  recording: msg`Recording`,
  recording_share: msg`Recording share link`,
  meeting: msg`Meeting`,
  meeting_run: msg`Meeting run`,
};
