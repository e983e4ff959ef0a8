export { CompanyFilter, useRecordingListQuery, type RecordingListQueryOptions } from './recording-list-query';
