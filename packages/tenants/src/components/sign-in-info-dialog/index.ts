export { SignInInfoDialog, type SignInInfo, type SignInInfoDialogProps } from './sign-in-info-dialog';
