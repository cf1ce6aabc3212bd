/**
 * The message to show for a failed auth call. The server's wording ("Invalid email or password",
 * "Password too short", "Email not verified") is shown as is; only a response without one (a
 * network failure) gets ours.
 */
export function authErrorMessage(error: { message?: string | null; statusText?: string | null; status?: number }) {
  if (error.message) return error.message
  if (error.status && error.statusText) return `${error.statusText} (${error.status})`
  return 'Could not reach the server. Check your connection and try again.'
}
