// 意见反馈 (/about/contactUs/idea, MOD_054): the form (category, text with its counter, an
// optional contact) and, below it, what the user sent before with the platform's answers.
import { useState } from 'react';
import { Alert, Button, Form, Input, Select } from 'antd';
import { FEEDBACK_CATEGORIES } from '../../api/feedback';
import { FeedbackList } from '../../components/FeedbackList';
import { useSubmitFeedback } from './api/submitFeedback';
import {
  MAX_CONTACT,
  MAX_FEEDBACK,
  contactProblem,
  contentProblem,
  feedbackBody,
  type FeedbackValues,
} from './feedbackForm';

const categoryOptions = FEEDBACK_CATEGORIES.map((value) => ({ value, label: value }));

/** An antd rule from one of the form's checks. */
function rule(problem: (value: string | undefined) => string | undefined) {
  return {
    validator: (_: unknown, value: string | undefined) => {
      const message = problem(value);
      return message ? Promise.reject(new Error(message)) : Promise.resolve();
    },
  };
}

export function FeedbackPage() {
  const [form] = Form.useForm<FeedbackValues>();
  const submit = useSubmitFeedback();
  const [sent, setSent] = useState(false);

  const onFinish = (values: FeedbackValues) => {
    const body = feedbackBody(values);
    if (!body) return;
    setSent(false);
    submit.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        setSent(true);
      },
    });
  };

  return (
    <div className="about-feedback">
      <p>
        欢迎就数据、功能和系统运行提出意见和建议，我们会尽快回复；回复可在下方或个人中心「我的反馈」中查看。
      </p>
      {sent && (
        <Alert
          type="success"
          showIcon
          message="提交成功，感谢您的反馈！"
          closable
          onClose={() => setSent(false)}
          data-testid="feedback-sent"
        />
      )}
      <Form<FeedbackValues>
        form={form}
        layout="vertical"
        onFinish={onFinish}
        className="about-feedback__form"
        data-testid="feedback-form"
      >
        <Form.Item
          name="category"
          label="反馈类型"
          rules={[{ required: true, message: '请选择反馈类型' }]}
        >
          <Select options={categoryOptions} placeholder="请选择" data-testid="feedback-category" />
        </Form.Item>
        <Form.Item name="content" label="反馈内容" required rules={[rule(contentProblem)]}>
          <Input.TextArea
            rows={6}
            showCount
            maxLength={MAX_FEEDBACK}
            placeholder="请描述问题或建议（纯文本）"
            data-testid="feedback-content"
          />
        </Form.Item>
        <Form.Item name="contact" label="联系方式（选填）" rules={[rule(contactProblem)]}>
          <Input
            maxLength={MAX_CONTACT}
            placeholder="电话或邮箱，便于我们联系您"
            data-testid="feedback-contact"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={submit.isPending}
          data-testid="feedback-submit"
        >
          提交
        </Button>
      </Form>
      <h2 className="about-section-title">我的反馈</h2>
      <FeedbackList />
    </div>
  );
}
