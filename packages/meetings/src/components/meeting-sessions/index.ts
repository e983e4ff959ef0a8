export { joinWithVersion, Maybe, MeetingIdCell, PodIcon, QualityFlag, YesNoIcon } from './session-cells';
export { sessionLeadColumns, sessionMediaColumns, sessionNodeColumn, type SessionListRow } from './session-columns';
