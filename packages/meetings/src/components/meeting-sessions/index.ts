export { joinWithVersion, Maybe, MeetingIdCell, PodIcon, QualityFlag, YesNoIcon } from './session-cells';
