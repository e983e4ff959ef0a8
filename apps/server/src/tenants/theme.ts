// A tenant's light theme: colour variables by name, kept in `branding.themeLite`, which
// getTenantInfo answers as `theme.lite`. The contract already refuses a value that is not a colour
// (400 `invalid_theme`); an empty theme removes the tenant's own and restores the default.
import type { TenantBranding } from '../kernel/db/schema.ts';
import type { AppDatabase } from '../kernel/db/database.ts';
import type { Schemas } from '../kernel/http/api.ts';
import type { TenantRow } from '../kernel/tenancy/tenancy.ts';
import { changeBranding } from './branding.ts';
import type { TenantTarget } from './service.ts';

type TenantTheme = Schemas['TenantTheme'];

export const THEME_AUDIT_ENTITY = 'tenant_theme';

const toThemeDto = (row: Pick<TenantRow, 'branding'>): TenantTheme => ({ lite: row.branding.themeLite ?? {} });

export function getTheme(target: TenantTarget): TenantTheme {
  return toThemeDto(target.row);
}

export async function updateTheme(database: AppDatabase, target: TenantTarget, input: TenantTheme): Promise<TenantTheme> {
  const lite = Object.fromEntries(Object.entries(input.lite).map(([name, colour]) => [name, colour.trim()]));
  return changeBranding(database, target, {
    entity: THEME_AUDIT_ENTITY,
    view: toThemeDto,
    change: (row) => {
      const { themeLite: _previous, ...rest }: TenantBranding = row.branding;
      return { branding: Object.keys(lite).length > 0 ? { ...rest, themeLite: lite } : rest };
    },
  });
}
