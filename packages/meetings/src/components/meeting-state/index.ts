export { MeetingStateScreen } from './meeting-state-screen';
export { MeetingIdForm, meetingCodeOf, type MeetingIdFormProps } from './meeting-id-form';
