export { SettingsForm, type SettingsFormProps } from './settings-form';
export {
  emailFields,
  freeswitchFields,
  kafkaFields,
  kubernetesFields,
  paymentFields,
  systemFields,
  tenantFields,
  transcodingFields,
  type SettingsField,
} from './settings-fields';
