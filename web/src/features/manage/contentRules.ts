// The checks the console's forms make before sending, in the server's words (news/manage.rs:
// `draft`), so that an editor learns what to fix without a round trip. The server checks again
// and has the last word; its refusal shows as a toast.
import type { Rule } from 'antd/es/form';

/** Longest title, characters. */
export const MAX_TITLE = 200;
/** Longest author, characters. */
export const MAX_AUTHOR = 50;
/** Longest summary, characters. */
export const MAX_SUMMARY = 500;
/** Largest body, bytes of UTF-8 (the server's bound after sanitising). */
export const MAX_BODY_BYTES = 200 * 1024;
/** Longest cover address, characters. */
const MAX_COVER = 500;

/** Characters as the server counts them (Unicode scalar values, not UTF-16 units). */
function chars(text: string): number {
  return [...text].length;
}

/** The check of a required heading named `what` (标题, 问题): 1–200 characters. */
function heading(what: string): (text: string) => string | undefined {
  return (text) => {
    const trimmed = text.trim();
    if (trimmed === '') return `${what}不能为空`;
    if (chars(trimmed) > MAX_TITLE) return `${what}不能超过${MAX_TITLE}个字`;
    return undefined;
  };
}

/** What is wrong with a title (news item, page), or undefined. */
export const titleProblem = heading('标题');

/** What is wrong with a FAQ question, or undefined. */
export const questionProblem = heading('问题');

/** What is wrong with a FAQ answer (HTML), or undefined: it needs visible text. */
export function answerProblem(answer: string): string | undefined {
  const text = new DOMParser().parseFromString(answer, 'text/html').body.textContent ?? '';
  return text.trim() === '' ? '回答不能为空' : bodyProblem(answer);
}

/** What is wrong with an author, or undefined. */
export function authorProblem(author: string): string | undefined {
  return chars(author) > MAX_AUTHOR ? `作者不能超过${MAX_AUTHOR}个字` : undefined;
}

/** What is wrong with a summary, or undefined. */
export function summaryProblem(summary: string): string | undefined {
  return chars(summary.trim()) > MAX_SUMMARY ? `摘要不能超过${MAX_SUMMARY}个字` : undefined;
}

/** What is wrong with a body, or undefined. */
export function bodyProblem(body: string): string | undefined {
  return new TextEncoder().encode(body).length > MAX_BODY_BYTES ? '正文不能超过200KB' : undefined;
}

/** What is wrong with a cover address (empty: no cover), or undefined. */
export function coverProblem(cover: string): string | undefined {
  const value = cover.trim();
  if (value === '') return undefined;
  const allowed =
    (value.startsWith('https://') || value.startsWith('http://') || value.startsWith('/')) &&
    !value.startsWith('//') &&
    chars(value) <= MAX_COVER &&
    !/[\s"<]/.test(value);
  return allowed ? undefined : '封面地址无效：应为 http(s) 地址或本站路径';
}

/** An antd form rule of one of the checks above. */
export function ruleOf(problem: (value: string) => string | undefined): Rule {
  return {
    validator: (_, value: unknown) => {
      const message = problem(typeof value === 'string' ? value : '');
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}
