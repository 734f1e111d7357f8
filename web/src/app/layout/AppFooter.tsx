import { Suspense, lazy } from 'react';
import { NOT_CONFIGURED, footer } from '../site';

// Only a deployment with an app download address draws the code: the others never load it.
const QRCodeSVG = lazy(() => import('qrcode.react').then((m) => ({ default: m.QRCodeSVG })));

export function AppFooter() {
  return (
    <footer className="app-footer" data-testid="footer">
      <div className="container app-footer__body">
        <dl className="app-footer__facts">
          <dt>主办单位</dt>
          <dd>{footer.owner}</dd>
          <dt>办公地址</dt>
          {footer.offices.length > 0 ? (
            footer.offices.map((office) => <dd key={office}>{office}</dd>)
          ) : (
            <dd>{NOT_CONFIGURED}</dd>
          )}
        </dl>
        <figure className="app-footer__qr" data-testid="app-qr">
          {footer.appDownloadUrl ? (
            <Suspense fallback={null}>
              <QRCodeSVG value={footer.appDownloadUrl} size={96} marginSize={2} />
            </Suspense>
          ) : (
            <div className="app-footer__qr-missing">下载地址{NOT_CONFIGURED}</div>
          )}
          <figcaption>扫码下载 App</figcaption>
        </figure>
      </div>
      <div className="container app-footer__legal">
        <span>{footer.copyright}</span>
        <span>ICP备案号：{footer.icpFiling}</span>
        <span>公安备案号：{footer.psbFiling}</span>
        <span>{footer.browserAdvice}</span>
      </div>
    </footer>
  );
}
