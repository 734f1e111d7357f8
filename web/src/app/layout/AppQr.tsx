// The footer's app QR code: the server's configured download address (GET /api/client-package)
// drawn with qrcode.react, or 待配置 when none is set. Its own chunk, loaded after the page has
// rendered (AppFooter.tsx), so the first page carries neither the request nor the QR encoder.
import { useQuery } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { api, unwrap } from '../../api/client';
import { NOT_CONFIGURED } from '../site';

export default function AppQr() {
  const pkg = useQuery({
    queryKey: ['client-package'],
    queryFn: () => unwrap(api.GET('/api/client-package'), { quiet: true }),
    staleTime: Infinity,
  });
  if (pkg.isPending) return null;
  const url = pkg.data?.url;
  if (!url) return <div className="app-footer__qr-missing">下载地址{NOT_CONFIGURED}</div>;
  return (
    <QRCodeSVG
      value={url}
      size={96}
      marginSize={2}
      title={pkg.data?.version ? `App ${pkg.data.version}` : 'App'}
      data-testid="app-qr-code"
    />
  );
}
