import { msg } from '@lingui/core/macro';
import { commonMessages, problemMessages, validationMessages } from '@portal/i18n';

/** The profile's notices; the error texts are the spec's own. */
export const profileMessages = {
  profileUpdated: msg`Profile updated successfully`,
  displayNameUpdated: msg`Display name updated successfully`,
  passwordChanged: msg`Password changed successfully`,
  pictureUpdated: msg`Profile picture updated successfully`,
  pictureDeleted: msg`Profile picture deleted successfully`,
  updateError: validationMessages.profilePicture,
  pictureDeleteError: msg`Profile Picture Deleted Error`,
  failed: commonMessages.failedTryAgainShort,
  incorrectPassword: msg`Incorrect password`,
  emailLinkSent: msg`A confirmation link has been sent to the new address`,
  emailConfirmed: msg`Your login email has been changed`,
  emailExists: problemMessages.email_exists,
  sameEmail: msg`This is already your login email`,
  sessionEnded: msg`Session ended`,
  loadingSessions: msg`Loading sessions`,
  invalidTimeZone: msg`Choose a time zone from the list`,
};
