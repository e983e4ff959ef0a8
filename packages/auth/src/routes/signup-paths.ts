/** Routes of the accounts-by-email screens (relative to the portal's `/portal` basename). */
export const REGISTER_PATH = '/register';
export const THANK_YOU_PATH = '/thank-you';
export const SIGNUP_PATH = '/signup';
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/** The Thank-you page keeps the registered address for "resend" across a reload of the tab. */
export const SIGNUP_EMAIL_KEY = 'portal.signupEmail';
