import { describe, expect, it } from 'vitest';
import { contactProblem, contentProblem, feedbackBody, MAX_FEEDBACK } from './feedbackForm';

describe('the feedback form rules', () => {
  it('wants text, trimmed, of at most 2000 characters counted as the server counts them', () => {
    expect(contentProblem(undefined)).toBe('请填写反馈内容');
    expect(contentProblem('  \n ')).toBe('请填写反馈内容');
    expect(contentProblem('𠀀'.repeat(MAX_FEEDBACK))).toBeUndefined();
    expect(contentProblem('字'.repeat(MAX_FEEDBACK + 1))).toBe('反馈内容不能超过2000个字');
    expect(contactProblem('1'.repeat(100))).toBeUndefined();
    expect(contactProblem('1'.repeat(101))).toBe('联系方式不能超过100个字');
  });

  it('sends a chosen category and trimmed text, and no contact when none was given', () => {
    expect(feedbackBody({ content: '缺影像' })).toBeNull();
    expect(feedbackBody({ category: '数据问题', content: ' ' })).toBeNull();
    expect(feedbackBody({ category: '数据问题', content: ' 缺影像 ', contact: '  ' })).toEqual({
      category: '数据问题',
      content: '缺影像',
    });
    expect(feedbackBody({ category: '其他', content: '好', contact: ' 027-1234 ' })).toEqual({
      category: '其他',
      content: '好',
      contact: '027-1234',
    });
  });
});
