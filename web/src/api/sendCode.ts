// POST /api/usercenter/send/{telephone|email}/{address}: sends a six-digit code for
// registration, a password reset or a new contact address (purpose "change", refused with 409
// when the address is taken). The picture captcha is required and used up by every
// request. 429 within 60 s of the last code to the address; 503 when no mail server is set up.
// On purpose "reset" the answer is 200 even for an address without account (it reveals none).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type Channel = components['schemas']['Channel'];
export type Purpose = components['schemas']['Purpose'];

export interface SendCodeInput {
  channel: Channel;
  address: string;
  purpose: Purpose;
  captcha: string;
  /** The token the captcha picture was made for. */
  captchaToken: string;
}

export async function sendCode(input: SendCodeInput): Promise<void> {
  const body = { purpose: input.purpose, captcha: input.captcha.trim(), token: input.captchaToken };
  const address = input.address.trim();
  // Quiet: the form shows the failure beside the button.
  await unwrap(
    input.channel === 'telephone'
      ? api.POST('/api/usercenter/send/telephone/{telephone}', {
          params: { path: { telephone: address } },
          body,
        })
      : api.POST('/api/usercenter/send/email/{email}', {
          params: { path: { email: address } },
          body,
        }),
    { quiet: true },
  );
}

export function useSendCode() {
  return useMutation({ mutationFn: sendCode });
}
