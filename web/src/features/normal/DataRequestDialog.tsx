// Offline scenes cannot go into the cart: this dialog asks for them by a data request
// (purpose and usage), followed on 我的申请.
import { App } from 'antd';
import { Link } from 'react-router';
import { PurposeDialog } from '../../components/orders/PurposeDialog';
import { useRequestScenes } from './api/requestScenes';
import { MY_APPLY_PATH } from './cart';

export function DataRequestDialog({
  ids,
  onClose,
}: {
  /** The offline scenes; the dialog is open while there are some. */
  ids: readonly string[];
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const request = useRequestScenes();
  return (
    <PurposeDialog
      open={ids.length > 0}
      title="提交数据申请"
      okText="提交申请"
      testId="request-dialog"
      submitting={request.isPending}
      onCancel={onClose}
      intro={
        <>
          <p data-testid="request-offline">
            {ids.length}{' '}
            景为离线影像，未加入购物车。可提交数据申请，处理完成后影像恢复在线，即可加入购物车订购。
          </p>
          <p>
            提交后可在 <Link to={MY_APPLY_PATH}>个人中心 › 我的申请</Link> 查看进度。
          </p>
        </>
      }
      onSubmit={({ purpose, usage }) =>
        request.mutate(
          { ids: [...ids], purpose, usage },
          {
            onSuccess: (record) => {
              void message.success({
                content: (
                  <span data-testid="request-submitted">
                    数据申请 {record.code} 已提交，请在「个人中心 › 我的申请」查看进度
                  </span>
                ),
              });
              onClose();
            },
          },
        )
      }
    />
  );
}
