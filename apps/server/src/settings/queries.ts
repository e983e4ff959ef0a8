// platform_settings rows: one JSON document per section. Only platform transactions see the table.
import { eq } from 'drizzle-orm';
import { platformSettings } from '../kernel/db/schema.ts';
import type { Database } from '../kernel/db/types.ts';
import type { SettingsSection } from './sections.ts';
import { present } from '../kernel/db/present.ts';

export type SettingsRow = { value: Record<string, unknown>; updatedAt: Date };

export async function findSettings(tx: Database, section: SettingsSection): Promise<SettingsRow | null> {
  const [row] = await tx.select({ value: platformSettings.value, updatedAt: platformSettings.updatedAt }).from(platformSettings).where(eq(platformSettings.section, section));
  return row ?? null;
}

/** The stored row, locked until the transaction ends so two saves cannot both keep a stale secret or audit a stale "before". */
export async function findSettingsForUpdate(tx: Database, section: SettingsSection): Promise<SettingsRow | null> {
  const [row] = await tx
    .select({ value: platformSettings.value, updatedAt: platformSettings.updatedAt })
    .from(platformSettings)
    .where(eq(platformSettings.section, section))
    .for('update');
  return row ?? null;
}

export async function upsertSettings(tx: Database, section: SettingsSection, value: Record<string, unknown>, userId: string | null): Promise<SettingsRow> {
  const now = new Date();
  const [row] = await tx
    .insert(platformSettings)
    .values({ section, value, updatedAt: now, updatedBy: userId })
    .onConflictDoUpdate({ target: platformSettings.section, set: { value, updatedAt: now, updatedBy: userId } })
    .returning({ value: platformSettings.value, updatedAt: platformSettings.updatedAt });
  return present(row, 'row');
}
