// POST /api/usercenter/screen/login: the silent login of a display screen (spec §4 guard,
// branch 3). The server logs in the display account configured for the screen code and answers
// with a read-only session token: from the screen's configured networks, or with its key (the
// page's `screenKey`); 403 otherwise, 404 when the code is not configured.
import { api, unwrap } from './client';

export type ScreenCode = 1 | 2;

export function screenLogin(screenCode: ScreenCode, screenKey?: string): Promise<string> {
  // Quiet: a failed silent login just lands on /home (spec §4), without a word.
  return unwrap(api.POST('/api/usercenter/screen/login', { body: { screenCode, screenKey } }), {
    quiet: true,
  });
}
