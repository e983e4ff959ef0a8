export { joinWithVersion, Maybe, MeetingIdCell, PodIcon, QualityFlag, YesNoIcon } from './session-cells';
export { sessionLeadColumns, sessionMediaColumns, type SessionListRow } from './session-columns';
