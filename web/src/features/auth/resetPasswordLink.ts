// How other places open /resetPassword on its old-password tab (the upgrade notice of a
// code-2 login does): `?by=password`, with the username already typed as navigation state.
// Kept apart from the page so that linking to it does not load the page's chunk.

/** The `by` query parameter value that opens the old-password tab. */
export const BY_OLD_PASSWORD = 'password';

/** The navigation state /resetPassword reads. */
export interface ResetPasswordState {
  username?: string;
}

export function oldPasswordLink(username?: string): { to: string; state: ResetPasswordState } {
  return { to: `/resetPassword?by=${BY_OLD_PASSWORD}`, state: { username } };
}
