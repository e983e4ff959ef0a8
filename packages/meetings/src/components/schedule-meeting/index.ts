export { ScheduleMeetingScreen, type ScheduleMeetingScreenProps } from './schedule-meeting-screen';
export { ScheduleMeetingForm, type ScheduleMeetingFormProps } from './schedule-meeting-form';
