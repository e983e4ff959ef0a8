export { useDialogState, type DialogState } from './use-dialog-state';
export { useStepBackFromEmptyPage } from './use-step-back-from-empty-page';
