import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AuditAction } from '../../api/get-audit-log';

export const actionLabels: Record<AuditAction, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Updated`,
  delete: msg`Deleted`,
};

export const actionColors: Record<AuditAction, string> = { create: 'green', update: 'blue', delete: 'red' };

/** Kinds of thing the administration screens record (the server's `entity`); others show as sent. */
export const entityLabels: Record<string, MessageDescriptor> = {
  user: msg`User`,
  media_client: msg`Client`,
  role: msg`Role`,
  tenant: msg`Tenant`,
  did: msg`Phone number`,
  dev_client: msg`Developer client`,
  tenant_smtp: msg`SMTP`,
  auth_provider: msg`SSO`,
};
