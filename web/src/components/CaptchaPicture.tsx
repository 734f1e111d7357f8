// The captcha picture as a button: a click asks for a new picture (a new token, captcha.ts).
import { captchaUrl } from '../lib/captcha';
import './CaptchaPicture.css';

export function CaptchaPicture({
  token,
  onRefresh,
  testId,
}: {
  token: string;
  onRefresh: () => void;
  /** Prefix of the test ids: `<testId>-refresh` (the button), `<testId>-image`. */
  testId: string;
}) {
  return (
    <button
      type="button"
      className="captcha-picture"
      title="看不清？点击换一张"
      onClick={onRefresh}
      data-testid={`${testId}-refresh`}
    >
      <img
        src={captchaUrl(token)}
        alt="验证码图片，点击换一张"
        width={120}
        height={40}
        data-testid={`${testId}-image`}
      />
    </button>
  );
}
