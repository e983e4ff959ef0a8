export { AssignPlanDialog, type AssignPlanDialogProps } from './assign-plan-dialog';
