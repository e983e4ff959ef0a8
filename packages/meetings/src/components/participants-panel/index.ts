export { ParticipantsPanel, ParticipantsRowAction, useChosenMeeting, type ChosenMeeting, type ParticipantsPanelProps } from './participants-panel';
