import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  authorProblem,
  bodyProblem,
  coverProblem,
  questionProblem,
  summaryProblem,
  titleProblem,
} from './contentRules';
import { isAllowedAddress } from './richText';

describe("the console's checks, in the server's words", () => {
  it('needs a title of at most 200 characters, counting Chinese as one each', () => {
    expect(titleProblem('   ')).toBe('标题不能为空');
    expect(titleProblem('标'.repeat(200))).toBeUndefined();
    expect(titleProblem('标'.repeat(201))).toBe('标题不能超过200个字');
    // Characters, not UTF-16 units: 200 characters outside the BMP still pass.
    expect(titleProblem('𠀀'.repeat(200))).toBeUndefined();
  });

  it('needs a FAQ question and an answer with visible text', () => {
    expect(questionProblem(' ')).toBe('问题不能为空');
    expect(questionProblem('问'.repeat(201))).toBe('问题不能超过200个字');
    expect(answerProblem('<p> </p><br>')).toBe('回答不能为空');
    expect(answerProblem('<p>在“影像查询”中检索。</p>')).toBeUndefined();
  });

  it('bounds author and summary', () => {
    expect(authorProblem('编'.repeat(50))).toBeUndefined();
    expect(authorProblem('编'.repeat(51))).toBe('作者不能超过50个字');
    expect(summaryProblem('摘'.repeat(500))).toBeUndefined();
    expect(summaryProblem('摘'.repeat(501))).toBe('摘要不能超过500个字');
  });

  it('bounds the body at 200 KB of UTF-8', () => {
    // 3 bytes per Chinese character.
    expect(bodyProblem('字'.repeat(68_000))).toBeUndefined();
    expect(bodyProblem('字'.repeat(69_000))).toBe('正文不能超过200KB');
  });

  it('takes a cover at an http(s) address or a path here, and nothing else', () => {
    expect(coverProblem('')).toBeUndefined();
    expect(coverProblem('/api/share/v2/file/3')).toBeUndefined();
    expect(coverProblem('https://example.cn/a.png')).toBeUndefined();
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      '/a b.png',
      'data:image/png;base64,AA',
      'a.png',
    ]) {
      expect(coverProblem(bad), bad).toBe('封面地址无效：应为 http(s) 地址或本站路径');
    }
  });

  it('inserts links only to addresses the sanitiser keeps', () => {
    for (const good of ['https://example.cn/a', 'http://x.cn', 'mailto:a@b.cn', '/about/FAQ']) {
      expect(isAllowedAddress(good), good).toBe(true);
    }
    for (const bad of ['javascript:alert(1)', '//evil.example', 'ftp://x', 'a b', '', 'x.cn']) {
      expect(isAllowedAddress(bad), bad).toBe(false);
    }
  });
});
