import { describe, expect, it } from 'vitest';
import { addressRules, passwordProblem, usernameRules } from './accountRules';

/** The pattern of a rule list (the one rule that has one). */
function pattern(rules: ReturnType<typeof addressRules>): RegExp {
  const found = rules.find((rule) => typeof rule === 'object' && 'pattern' in rule);
  if (!found || typeof found !== 'object' || !found.pattern) throw new Error('no pattern');
  return found.pattern;
}

describe('the password rule (as the server: password.rs)', () => {
  it('wants at least 8 characters', () => {
    expect(passwordProblem('Ab12345')).toBe('密码长度不能少于8位');
    expect(passwordProblem('')).toBe('密码长度不能少于8位');
  });

  it('wants letters and digits', () => {
    expect(passwordProblem('abcdefgh')).toBe('密码必须同时包含字母和数字');
    expect(passwordProblem('12345678')).toBe('密码必须同时包含字母和数字');
    expect(passwordProblem('密码密码密码密码1')).toBe('密码必须同时包含字母和数字');
  });

  it('takes at most 64 characters, counted as characters', () => {
    expect(passwordProblem(`a1${'x'.repeat(62)}`)).toBeNull();
    expect(passwordProblem(`a1${'x'.repeat(63)}`)).toBe('密码长度不能超过64位');
    expect(passwordProblem('密码a1密码b2')).toBeNull();
  });

  it('accepts letters with digits and anything else', () => {
    expect(passwordProblem('Hubei12345')).toBeNull();
    expect(passwordProblem('a1!@#$%^&*')).toBeNull();
  });
});

describe('the username and address rules (as the server: rules.rs)', () => {
  it('usernames: 4–20 letters, digits or underscores', () => {
    const username = pattern(usernameRules);
    for (const good of ['abcd', 'land_office_2024', 'A1_b', 'a'.repeat(20)]) {
      expect(good).toMatch(username);
    }
    for (const bad of ['abc', 'a'.repeat(21), '有中文名', 'has space', 'dash-name']) {
      expect(bad).not.toMatch(username);
    }
  });

  it('mainland mobile numbers: 11 digits from 13 to 19', () => {
    const telephone = pattern(addressRules('telephone'));
    expect('13800138000').toMatch(telephone);
    expect('19912345678').toMatch(telephone);
    for (const bad of [
      '12800138000',
      '1380013800',
      '138001380001',
      '1380013800a',
      '+8613800138000',
    ]) {
      expect(bad).not.toMatch(telephone);
    }
  });

  it('e-mail addresses: one @ and a dotted domain, no spaces', () => {
    const email = pattern(addressRules('email'));
    expect('zhang.san@mnr.gov.cn').toMatch(email);
    for (const bad of ['plain', '@x.cn', 'a@b', 'a@b.', 'a b@c.cn', 'a@b@c.cn', 'a@.cn']) {
      expect(bad).not.toMatch(email);
    }
  });

  it('the second contact may stay empty', () => {
    const required = (rules: ReturnType<typeof addressRules>) =>
      rules.some((rule) => typeof rule === 'object' && rule.required);
    expect(required(addressRules('email', false))).toBe(false);
    expect(required(addressRules('email'))).toBe(true);
  });
});
