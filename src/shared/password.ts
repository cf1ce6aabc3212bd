/** The password length rule better-auth enforces on sign-up, reset and change (src/server/auth/auth.ts). */
export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

/** The rule as the forms state it under a new-password field, before anything is submitted. */
export const PASSWORD_RULE_HINT = `At least ${PASSWORD_MIN_LENGTH} characters (up to ${PASSWORD_MAX_LENGTH}).`
