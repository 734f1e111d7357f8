// The captcha picture (GET /api/usercenter/captcha?token=T): an SVG the page shows with <img>,
// made for a token of 32 random letters and digits that the page invents (spec §3, §9). The
// login sends the token back; every new picture needs a new token.
const TOKEN_LENGTH = 32;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function newCaptchaToken(): string {
  // 62 letters and digits: dropping bytes from 248 up keeps every character equally likely.
  const usable = 256 - (256 % ALPHABET.length);
  let token = '';
  while (token.length < TOKEN_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(TOKEN_LENGTH))) {
      if (byte < usable && token.length < TOKEN_LENGTH) token += ALPHABET[byte % ALPHABET.length];
    }
  }
  return token;
}

export function captchaUrl(token: string): string {
  return `/api/usercenter/captcha?token=${token}`;
}

/**
 * The token of a form that seals a password without showing a captcha (registration, a
 * forgotten password): the same kind of 32 random letters and digits, new for every submit.
 */
export const newSealingToken = newCaptchaToken;
