import { useLingui } from '@lingui/react/macro';
import { SettingsForm } from '../settings-form';
import type { ConfigScreen as ConfigScreenEntry } from './config-screens';

export type ConfigScreenProps = { screen: ConfigScreenEntry };

/** One global configuration screen built from its field list (the meeting and recording screens are the meetings feature's). */
export function ConfigScreen({ screen }: ConfigScreenProps) {
  const { i18n } = useLingui();
  return <SettingsForm section={screen.section} title={i18n._(screen.title)} fields={screen.fields ?? []} {...(screen.notice ? { notice: i18n._(screen.notice) } : {})} />;
}
