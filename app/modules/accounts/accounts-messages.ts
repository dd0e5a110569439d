// What the accounts pages and e-mails say (SPEC §2's exact texts among them). Its own module,
// without zod, so client code that only shows these words (the profile pages) stays small;
// accounts.schema.ts re-exports it for the schemas and the server.
/** A password's length: the sign-up and change forms' limits, and the schema's. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const MESSAGES = {
  signedIn: "Signed in successfully!",
  accountCreated: "Account created! Please check your email to confirm your account.",
  signedOut: "Signed out successfully",
  signOutFailed: "Failed to sign out",
  resetSent: "Password reset email sent! Check your inbox.",
  convertedFromWaitlist:
    "Account created successfully from waitlist! Please check your email to confirm your account.",
  accountExists: "Account already exists, trying to sign you in...",
  pleaseLogIn: "Please log in to access this page",
  invalidCredentials:
    "Invalid email or password. Please check your credentials or try resetting your password.",
  waitlistMemberWithoutAccount:
    "This email is in our waitlist but doesn't have an account yet. Please use 'Convert from Waitlist' option.",
  notInWaitlist: "Email not found in waitlist. Please sign up normally.",
  noPermission: "You don't have permission to access this page",
  createFailed: "Failed to create account",
  signInFailed: "Failed to sign in",
  googleFailed: "Failed to sign in with Google",
  appleFailed: "Failed to sign in with Apple",
  resetFailed: "Failed to send password reset email",
  convertFailed: "Failed to convert waitlist account",
  // Ours, for situations §8 does not name.
  emailNotConfirmed:
    "Please confirm your email address first. We've sent you a new confirmation link.",
  passwordReset: "Your password has been changed. You can sign in with it now.",
  resetLinkInvalid:
    "This password reset link has expired or has already been used. Please ask for a new one.",
  emailConfirmed: "Your email address is confirmed. Welcome to Patch!",
  confirmLinkInvalid:
    "This confirmation link has expired or has already been used. Sign in to get a new one.",
  profileSaved: "Your profile has been saved.",
  addressSaved: "Your delivery address has been saved.",
  passwordChanged: "Your password has been changed. Your other devices have been signed out.",
  wrongCurrentPassword: "Your current password isn't right.",
  sessionsRevoked: "Signed out of the other devices.",
  sessionRevoked: "That device has been signed out.",
  accountDeleted: "Your account and profile have been deleted.",
  deleteFailed: "We couldn't delete your account. Please try again.",
  phoneCodeSent:
    "If this number is linked to an account, we've sent it a 6-digit code. It works for 10 minutes.",
  phoneCodeWrong: "That code isn't right or has expired. Please try again or ask for a new one.",
  phoneCodeLocked: "Too many wrong codes. Please ask for a new one.",
  phoneLinked: "Your phone number is verified. You can now sign in with a text message.",
  phoneCodeSentToYou: "We've sent a 6-digit code to your phone. It works for 10 minutes.",
  twoFactorEnabled: "Two-factor sign-in is on. Keep your recovery codes somewhere safe.",
  twoFactorDisabled: "Two-factor sign-in is off.",
  twoFactorCodeWrong: "That code isn't right. Check your authenticator app and try again.",
  twoFactorExpired: "Your sign-in took too long. Please enter your email and password again.",
  accountSuspended:
    "This account has been suspended. Please contact us if you think this is a mistake.",
  emailChangeSent: "We've sent a link to the new address. Your email changes when you open it.",
  reauthRequired: "For your security, please sign in again before making this change.",
  adminNeedsReset:
    "Admin pages need one more step: we've emailed you a link to choose a new password. Use it, then sign in again.",
} as const;
