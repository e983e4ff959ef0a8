export { usersHandlers } from './handlers.ts';
export { registerOwnedData } from './ownership.ts';
export type { OwnedData } from './ownership.ts';
