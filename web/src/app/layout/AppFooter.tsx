import { Suspense, lazy } from 'react';
import { NOT_CONFIGURED, footer } from '../site';

// The QR code, its request and its encoder are a chunk of their own, fetched after the page
// has rendered: the first page's budget has no room for them.
const AppQr = lazy(() => import('./AppQr'));

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
          <Suspense fallback={null}>
            <AppQr />
          </Suspense>
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
