import { useLingui } from '@lingui/react/macro';
import { MeetingSettingsScreen } from '../meeting-settings';
import { RecordingSettingsScreen } from '../recording-settings';
import { SettingsForm } from '../settings-form';
import type { ConfigScreen as ConfigScreenEntry } from './config-screens';

export type ConfigScreenProps = { screen: ConfigScreenEntry };

/** One global configuration screen: its field-list form, or the meeting or recording screen. */
export function ConfigScreen({ screen }: ConfigScreenProps) {
  const { i18n } = useLingui();
  if (screen.section === 'meeting') return <MeetingSettingsScreen />;
  if (screen.section === 'recording') return <RecordingSettingsScreen />;
  return <SettingsForm section={screen.section} title={i18n._(screen.title)} fields={screen.fields ?? []} />;
}
