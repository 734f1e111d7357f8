// The account rules of the server (crates/server/src/usercenter/rules.rs, password.rs), checked
// on the page first so that most mistakes show while typing; the server checks them again.
import type { FormRule as Rule } from 'antd';

export const USERNAME_RULE = '用户名须为4-20位字母、数字或下划线';
export const TELEPHONE_RULE = '请输入正确的手机号码';
export const EMAIL_RULE = '请输入正确的邮箱地址';
export const CODE_RULE = '请输入6位数字验证码';
export const PASSWORD_HINT = '至少8位，须同时包含字母和数字';
export const PASSWORD_MISMATCH = '两次输入的密码不一致';
export const SAME_PASSWORD = '新密码不能与原密码相同';

const USERNAME = /^[A-Za-z0-9_]{4,20}$/;
/** A mainland mobile number: 11 digits starting 13–19. */
const TELEPHONE = /^1[3-9]\d{9}$/;
/** One @, a dotted domain with no empty part, no spaces (as the server's rule). */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const CODE = /^\d{6}$/;

/** The server's own message for a password it refuses, or null for a good one. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < 8) return '密码长度不能少于8位';
  if (length > 64) return '密码长度不能超过64位';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码必须同时包含字母和数字';
  return null;
}

export const usernameRules: Rule[] = [
  { required: true, message: '请输入用户名' },
  { pattern: USERNAME, message: USERNAME_RULE },
];

/** The address rules of a channel; `required` false for the optional second contact. */
export function addressRules(channel: 'telephone' | 'email', required = true): Rule[] {
  return channel === 'telephone'
    ? [
        { required, message: '请输入手机号码' },
        { pattern: TELEPHONE, message: TELEPHONE_RULE },
      ]
    : [
        { required, message: '请输入邮箱地址' },
        { max: 254, pattern: EMAIL, message: EMAIL_RULE },
      ];
}

export const codeRules: Rule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: CODE, message: CODE_RULE },
];

export function newPasswordRules(message = '请输入密码'): Rule[] {
  return [
    { required: true, message },
    {
      validator: (_, value: string | undefined) => {
        const problem = value ? passwordProblem(value) : null;
        return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
      },
    },
  ];
}

/** Rules of the confirmation field of the password field `field`. */
export function confirmRules(field: string): Rule[] {
  return [
    { required: true, message: '请再次输入密码' },
    ({ getFieldValue }) => ({
      validator: (_, value: string | undefined) =>
        !value || value === getFieldValue(field)
          ? Promise.resolve()
          : Promise.reject(new Error(PASSWORD_MISMATCH)),
    }),
  ];
}

/** The new password may not be the old one (field `field`); the server refuses that too. */
export function differentRule(field: string): Rule {
  return ({ getFieldValue }) => ({
    validator: (_, value: string | undefined) =>
      !value || value !== getFieldValue(field)
        ? Promise.resolve()
        : Promise.reject(new Error(SAME_PASSWORD)),
  });
}
