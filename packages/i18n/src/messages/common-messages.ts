import { msg } from '@lingui/core/macro';

/** Texts that several screens share: spec outcomes and states, and the everyday action labels. */
export const commonMessages = {
  loginSuccessful: msg`Login successful`,
  loginFailed: msg`Login failed, try again`,
  failedTryAgain: msg`Failed, Try Again..!!`,
  failedTryAgainShort: msg`Failed, try again`,
  noResults: msg`No results..`,
  pageMissing: msg`Oops. This page has gone missing.`,
  loading: msg`Loading`,
  save: msg`Save`,
  cancel: msg`Cancel`,
  delete: msg`Delete`,
  edit: msg`Edit`,
  add: msg`Add`,
  create: msg`Create`,
  submit: msg`Submit`,
  search: msg`Search`,
  filter: msg`Filter`,
  copy: msg`Copy`,
  close: msg`Close`,
  yes: msg`Yes`,
  no: msg`No`,
  ok: msg`Ok`,
  goHome: msg`Go Home`,
  login: msg`Login`,
  logout: msg`Logout`,
  startDate: msg`Start Date`,
  endDate: msg`End Date`,
  status: msg`Status`,
  enabled: msg`Enabled`,
  disabled: msg`Disabled`,
  actions: msg`Actions`,
} as const;

export type CommonMessageKey = keyof typeof commonMessages;
