// What every operation handler receives besides the validated request: who is calling, in which
// tenant, with which permissions, and a database handle already scoped to that tenant.
import type { DialFlag, RoleGroup } from '../access/permissions.ts';
import type { TransactionOptions } from '../db/database.ts';
import type { Database } from '../db/types.ts';

export type Principal =
  | { kind: 'anonymous' }
  | {
      kind: 'user';
      userId: string;
      sessionId: string;
      role: string; // primary role (the dashboard's kind, who ranks above whom)
      roles: string[];
      permissions: ReadonlySet<string>;
      /** The role groups of the user's enabled roles (kernel/access/permissions.ts `roleGroupsOf`): what `x-role-group` and the menu gate on. */
      groups: ReadonlySet<RoleGroup>;
      /** The dial flags carried by the user's enabled roles, held like permissions (roles and users may only hand on those held). */
      dial: ReadonlySet<DialFlag>;
      /** Set when the caller is an OAuth access token: its scopes, which limit the operations it may call (`x-oauth-scopes`). */
      oauthScopes?: ReadonlySet<string>;
    }
  | {
      kind: 'client';
      devClientId: string;
      sessionId: string;
      role: string;
      permissions: ReadonlySet<string>;
      groups: ReadonlySet<RoleGroup>;
      dial: ReadonlySet<DialFlag>;
    };

export type TenantRef = { id: string; sname: string; name: string };

export type RequestContext = {
  requestId: string;
  tenant: TenantRef;
  principal: Principal;
  /** Runs `fn` in one transaction as the app's non-superuser role with `app.tenant_id` set to this tenant. */
  db: <T>(fn: (tx: Database) => Promise<T>, options?: TransactionOptions) => Promise<T>;
  /** Public base URL of this host, e.g. `https://acme.example.com` (links in mails). */
  origin: string;
};
