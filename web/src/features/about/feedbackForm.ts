// What the feedback form accepts, as the server does (feedback/form.rs): a category from the
// list, 1–2000 characters of text once trimmed, a contact of up to 100 characters.
import type { FeedbackCategory } from '../../api/feedback';
import type { FeedbackInput } from './api/submitFeedback';

export const MAX_FEEDBACK = 2000;
export const MAX_CONTACT = 100;

/** The form's fields as typed. */
export interface FeedbackValues {
  category?: FeedbackCategory;
  content?: string;
  contact?: string;
}

/** Characters as the server counts them (code points, not UTF-16 units). */
function length(text: string): number {
  return [...text].length;
}

/** Why the content cannot be sent, or undefined. */
export function contentProblem(content: string | undefined): string | undefined {
  const text = (content ?? '').trim();
  if (text === '') return '请填写反馈内容';
  if (length(text) > MAX_FEEDBACK) return `反馈内容不能超过${MAX_FEEDBACK}个字`;
  return undefined;
}

/** Why the contact cannot be sent, or undefined. */
export function contactProblem(contact: string | undefined): string | undefined {
  return length((contact ?? '').trim()) > MAX_CONTACT
    ? `联系方式不能超过${MAX_CONTACT}个字`
    : undefined;
}

/** The body to send, or null while a field is missing or wrong. */
export function feedbackBody(values: FeedbackValues): FeedbackInput | null {
  if (!values.category || contentProblem(values.content) || contactProblem(values.contact)) {
    return null;
  }
  const contact = (values.contact ?? '').trim();
  return {
    category: values.category,
    content: (values.content ?? '').trim(),
    ...(contact && { contact }),
  };
}
