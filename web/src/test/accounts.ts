// The account routes of a stand-in server (see server.ts) for component tests of the login.
import { x25519 } from '@noble/curves/ed25519.js';
import type { AreaRangeItem, UserInfo } from '../lib/session';
import { SEAL_INFO } from './seal';
import { envelope } from './server';
import { regionRange, testUser } from './session';

const { publicKey, secretKey } = x25519.keygen();

/** The stand-in server's secret key: tests open what the page sealed with it (./seal.ts). */
export const SERVER_SECRET_KEY = secretKey;

export interface AccountAnswers {
  /** What loginv2 answers; a session token by default. */
  login?: () => Response;
  user?: UserInfo;
  ranges?: AreaRangeItem[];
}

export const SESSION_TOKEN = 'session-token';

export function accountRoutes({
  login = () => envelope(SESSION_TOKEN),
  user = testUser(['MOD_059', 'MOD_059_DISPLAY', 'MOD_061']),
  ranges = [regionRange()],
}: AccountAnswers = {}) {
  return {
    'GET /api/usercenter/publickey': () =>
      envelope({
        algorithm: 'X25519-HKDF-SHA256-AES256GCM',
        publicKey: btoa(String.fromCharCode(...publicKey)),
        hkdfInfo: SEAL_INFO,
      }),
    'POST /api/usercenter/userinfo/loginv2': login,
    'GET /api/usercenter/detail': () => envelope(user),
    [`GET /api/usercenter/arearange/userid/${user.id}/0`]: () => envelope(ranges),
    'POST /api/usercenter/userinfo/logout': () => envelope(null),
    'POST /api/statistics-transaction/incr': () => envelope(null),
    'GET /api/order/v3/ordercart/count': () => envelope(0),
  };
}
