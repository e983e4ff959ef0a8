export { LocalRecordingsScreen } from './local-recordings-screen';
export type { LocalRecordingsScreenProps } from './local-recordings-screen';
export { MyRecordingsScreen } from './my-recordings-screen';
export type { MyRecordingsScreenProps } from './my-recordings-screen';
