/** Texts of the account page; the API's own answers (ACCOUNT_MSG) are shown as they come. */
export const ACCOUNT_TEXT = {
  loadFailed: 'We could not load your account. Please try again.',
  profileSaved: 'Your profile was saved.',
  profileFailed: 'Your profile could not be saved. Please try again.',
  passwordChanged: 'Your password was changed. Other devices were signed out.',
  passwordFailed: 'Your password could not be changed. Please try again.',
  emailFailed: 'Your e-mail address could not be changed. Please try again.',
  confirmEmailFailed: 'Your e-mail address could not be confirmed. Please try again.',
  addressesFailed: 'We could not load your addresses. Please try again.',
  addressSaved: 'The address was saved.',
  addressDeleted: 'The address was deleted.',
  addressDefault: 'This is now your default address.',
  addressFailed: 'The address could not be saved. Please try again.',
  deleteFailed: 'Your account could not be deleted. Please try again.',
  accountDeleted: 'Your account was deleted.',
  noAddresses: 'You have no saved addresses yet.',
} as const;
