// oidc-provider's storage (its "adapter") in the tenant's `oauth_records`: every model of one
// tenant's provider lives in that tenant (row-level security), so a token of tenant A is simply not
// found at tenant B, and several replicas share codes, tokens and grants. Identifiers are kept as
// their SHA-256 only. Clients are not stored here: developer clients are read from `dev_clients`,
// the platform's own (src/oauth/clients.ts) are given by the provider.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import { sha256 } from '../kernel/crypto/digest.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import { devClients, oauthRecords } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import { toClientMetadata } from './clients.ts';

/** Models whose second use must fail atomically (the provider's own check reads then writes). */
const singleUse = new Set(['AuthorizationCode', 'RefreshToken', 'DeviceCode', 'BackchannelAuthenticationRequest']);

export function createOAuthAdapter(database: AppDatabase, tenantId: string, platformClients: ReadonlyMap<string, AdapterPayload> = new Map()) {
  const inTenant = <T>(fn: (tx: Database) => Promise<T>) => database.withTenant(tenantId, fn);

  async function revokeByGrantId(grantId: string): Promise<void> {
    await inTenant((tx) => tx.delete(oauthRecords).where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.grantId, grantId))));
    await inTenant((tx) =>
      tx.delete(oauthRecords).where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, 'Grant'), eq(oauthRecords.id, sha256(grantId)))),
    );
  }

  return class OAuthAdapter implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const values = {
        tenantId,
        model: this.model,
        id: sha256(id),
        payload: payload as Record<string, unknown>,
        grantId: this.model === 'Grant' ? null : (payload.grantId ?? null),
        uid: payload.uid ? sha256(payload.uid) : null,
        accountId: payload.accountId ?? null,
        clientId: payload.clientId ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await inTenant((tx) =>
        tx
          .insert(oauthRecords)
          .values(values)
          .onConflictDoUpdate({
            target: [oauthRecords.tenantId, oauthRecords.model, oauthRecords.id],
            set: { payload: values.payload, grantId: values.grantId, uid: values.uid, accountId: values.accountId, clientId: values.clientId, expiresAt: values.expiresAt },
          }),
      );
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') {
        const platformClient = platformClients.get(id);
        if (platformClient) return platformClient;
        const [row] = await inTenant((tx) => tx.select().from(devClients).where(eq(devClients.clientId, id)).limit(1));
        return row && row.status === 'enabled' ? toClientMetadata(row) : undefined;
      }
      return this.findWhere(eq(oauthRecords.id, sha256(id)));
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere(eq(oauthRecords.uid, sha256(uid)));
    }

    async findByUserCode(): Promise<AdapterPayload | undefined> {
      return undefined; // the device flow is not enabled
    }

    private async findWhere(condition: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
      const [row] = await inTenant((tx) =>
        tx
          .select({ payload: oauthRecords.payload, consumedAt: oauthRecords.consumedAt, expiresAt: oauthRecords.expiresAt })
          .from(oauthRecords)
          .where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, this.model), condition))
          .limit(1),
      );
      if (!row) return undefined;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
      return { ...(row.payload as AdapterPayload), ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) };
    }

    /**
     * One winner: the row is marked consumed only if it was not already. A loser (a code redeemed
     * twice, even at the same instant) revokes everything its grant issued, the winner's tokens
     * included, and fails as the provider's own check would.
     */
    async consume(id: string): Promise<void> {
      const updated = await inTenant((tx) =>
        tx
          .update(oauthRecords)
          .set({ consumedAt: sql`now()` })
          .where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, this.model), eq(oauthRecords.id, sha256(id)), isNull(oauthRecords.consumedAt)))
          .returning({ grantId: oauthRecords.grantId }),
      );
      if (updated.length === 1 || !singleUse.has(this.model)) return;
      const [row] = await inTenant((tx) =>
        tx
          .select({ grantId: oauthRecords.grantId })
          .from(oauthRecords)
          .where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, this.model), eq(oauthRecords.id, sha256(id))))
          .limit(1),
      );
      if (row?.grantId) await revokeByGrantId(row.grantId);
      throw new errors.InvalidGrant(`${this.model === 'AuthorizationCode' ? 'authorization code' : 'token'} already consumed`);
    }

    async destroy(id: string): Promise<void> {
      await inTenant((tx) =>
        tx.delete(oauthRecords).where(and(eq(oauthRecords.tenantId, tenantId), eq(oauthRecords.model, this.model), eq(oauthRecords.id, sha256(id)))),
      );
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await revokeByGrantId(grantId);
    }
  };
}
