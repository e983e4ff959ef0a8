export { ParticipantsPanel, ParticipantsRowAction, useChosenMeeting, type ChosenMeeting, type ParticipantsPanelProps, type ParticipantsQuery } from './participants-panel';
