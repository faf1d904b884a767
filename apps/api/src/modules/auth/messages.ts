/** Texts the auth routes answer with; tests and the web app compare against them. */
export const AUTH_MSG = {
  invalidCredentials: 'Invalid email or password',
  disabled: 'This account is disabled',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** Also the answer for an e-mail that already has an account: its owner gets a mail. */
  registered: 'Your account has been created. You can sign in now.',
  /** Confirming an e-mail change to an address another account took meanwhile. */
  emailTaken: 'An account with this email already exists',
  usernameTaken: 'This username is already taken',
  resetRequested: 'If an account exists for this email, we have sent a link to reset your password.',
  resetDone: 'Your password has been reset. You can sign in now.',
  resetUnknown: 'This password reset link is invalid. Request a new one.',
  resetUsed: 'This password reset link has already been used. Request a new one.',
  resetExpired: 'This password reset link has expired. Request a new one.',
  /** A still-valid access token whose account was deleted or disabled meanwhile. */
  sessionInvalid: 'Your session is invalid or has expired',
} as const;
