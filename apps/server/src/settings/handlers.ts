// HTTP side of the settings operations: one GET and one PUT per section, all built from the
// section list (`getKubernetesSettings`, `updateKubernetesSettings`, ...).
import type { FastifyRequest } from 'fastify';
import type { OperationHandlers, OperationId, OperationRequest } from '../kernel/http/handler.ts';
import { scopeOf } from '../kernel/http/request-scope.ts';
import { settingsSections, type SettingsSection } from './sections.ts';
import { readSettings, saveSettings } from './service.ts';
import { present } from '../kernel/db/present.ts';

const capitalised = (section: SettingsSection) => `${present(section[0], 'section[0]').toUpperCase()}${section.slice(1)}`;

export const settingsOperationIds = (section: SettingsSection) => ({
  get: `get${capitalised(section)}Settings` as OperationId,
  update: `update${capitalised(section)}Settings` as OperationId,
});

/** The operations that save a section; their JSON bodies are the sections' values, checked against the contract already. */
type UpdateSettingsOperation = Extract<OperationId, `update${Capitalize<SettingsSection>}Settings`>;

export const settingsHandlers: OperationHandlers = Object.fromEntries(
  settingsSections.flatMap((section) => {
    const ids = settingsOperationIds(section);
    return [
      [ids.get, async (request: FastifyRequest) => readSettings(scopeOf(request), section)],
      [ids.update, async (request: OperationRequest<UpdateSettingsOperation>) => saveSettings(scopeOf(request), section, request.body)],
    ];
  }),
);
