// Reading and saving one platform settings section (super administrator, system realm). Secrets
// are sealed before they reach the database and never leave the server: a reader sees only
// `{ set: true }`, a save that leaves a secret empty keeps the stored one, and an explicit null
// clears an optional one.
import { recordAudit } from '../kernel/audit/record.ts';
import { ProblemError, forbidden } from '../kernel/http/problem.ts';
import type { RequestScope } from '../kernel/http/request-scope.ts';
import { findSettings, findSettingsForUpdate, upsertSettings } from './queries.ts';
import { requiredSecrets, secretFields, sectionErrors, type SettingsSection } from './sections.ts';
import { forgetSystemSettings } from './system.ts';

export type SettingsScope = Pick<RequestScope, 'caller' | 'database' | 'secrets' | 'audit'>;

type Values = Record<string, unknown>;
export type SettingsAnswer = { values: Values | null; updatedAt: string | null };

/** What a reader may see: every secret replaced by whether it is set. */
function publicView(section: SettingsSection, stored: Values): Values {
  const view: Values = { ...stored };
  for (const field of secretFields[section]) view[field] = stored[field] ? { set: true } : null;
  return view;
}

function requireSuperadmin(scope: SettingsScope) {
  // The operations are gated on the superadmin role group (system realm only); this keeps the
  // platform transaction out of reach even if a route were ever wired without that gate.
  if (!scope.caller.isSuperadmin) throw forbidden();
}

export async function readSettings(scope: SettingsScope, section: SettingsSection): Promise<SettingsAnswer> {
  requireSuperadmin(scope);
  const row = await scope.database.withPlatform((tx) => findSettings(tx, section));
  return row ? { values: publicView(section, row.value), updatedAt: row.updatedAt.toISOString() } : { values: null, updatedAt: null };
}

function trimStrings(values: Values): Values {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]));
}

export async function saveSettings(scope: SettingsScope, section: SettingsSection, input: Values): Promise<SettingsAnswer & { values: Values }> {
  requireSuperadmin(scope);
  const secrets = secretFields[section];
  const plain = trimStrings(Object.fromEntries(Object.entries(input).filter(([key]) => !secrets.includes(key))));
  const errors = sectionErrors(section, plain);
  if (errors.length > 0) throw new ProblemError(400, 'validation_failed', { errors });

  const row = await scope.database.withPlatform(async (tx) => {
    const before = await findSettingsForUpdate(tx, section);
    const next: Values = { ...plain };
    const missing: string[] = [];
    for (const field of secrets) {
      const sent = input[field];
      if (typeof sent === 'string' && sent !== '') next[field] = scope.secrets.seal(sent);
      // An explicit null clears the secret; a required one then fails below, as if never set.
      else if (sent === null) next[field] = null;
      // Empty or absent means "unchanged": the form never holds the stored secret to send back.
      else next[field] = before?.value[field] ?? null;
      if (!next[field] && requiredSecrets[section]?.includes(field)) missing.push(field);
    }
    if (missing.length > 0) {
      throw new ProblemError(400, 'validation_failed', { errors: missing.map((field) => ({ field, code: 'required', message: `${field} is required` })) });
    }
    const saved = await upsertSettings(tx, section, next, scope.audit.userId);
    // recordAudit masks the secret fields (sealed or not) by their names: a cleared one reads null.
    await recordAudit(tx, scope.audit, {
      action: before ? 'update' : 'create',
      entity: `settings.${section}`,
      entityId: section,
      ...(before ? { before: before.value } : {}),
      after: saved.value,
    });
    return saved;
  });
  // Maintenance mode and the public URL apply to this process's next request (other replicas: settings/system.ts).
  if (section === 'system') forgetSystemSettings(scope.database);
  return { values: publicView(section, row.value), updatedAt: row.updatedAt.toISOString() };
}
