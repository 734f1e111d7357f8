import { App, Badge, Button, Space, Tooltip } from 'antd';
import {
  LogoutOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { LOGOUT_FAILED_MESSAGE, useLogout } from '../../api/logout';
import { openLogin } from '../../lib/loginPrompt';
import { canEditContent, canUseCart, viewerOf } from '../../lib/access';
import { useCartCountLoader } from '../../lib/cartCount';
import { isLoggedIn, useSession } from '../../lib/session';
import { FALLBACK_PATH } from '../routes';
import { PLATFORM_NAME, englishSiteUrl } from '../site';
import logoUrl from './logo.svg';
import { NavMenu } from './NavMenu';

function AnonymousActions() {
  return (
    <Space>
      <Button type="primary" onClick={openLogin} data-testid="login-button">
        登录
      </Button>
      <Link to="/register">
        <Button data-testid="register-button">注册</Button>
      </Link>
    </Space>
  );
}

function UserActions() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  // Loaded for a user with the cart, kept in step by every change of the cart.
  useCartCountLoader();
  const cartCount = useSession((state) => state.cartCount);
  const showCart = useSession((state) => canUseCart(viewerOf(state)));
  // Editors reach their console here too; the side menu there shows what each may open.
  const showManage = useSession((state) => canEditContent(viewerOf(state)));
  const logout = useLogout();
  const endSession = async () => {
    // Awaited here rather than in mutate() callbacks: this component is gone as soon as the
    // session is cleared, and such callbacks would be dropped with it.
    try {
      await logout.mutateAsync();
    } catch {
      void message.error(LOGOUT_FAILED_MESSAGE);
    }
    // The session is gone here either way (see logout.ts): back to the home page.
    await navigate(FALLBACK_PATH);
  };
  return (
    <Space size="middle">
      {showCart && (
        <Tooltip title="购物车">
          <Link to="/personal/personalCenter/shopping" data-testid="cart-link">
            <Badge count={cartCount} overflowCount={99} size="small" data-testid="cart-badge">
              <ShoppingCartOutlined className="app-header__icon" />
            </Badge>
          </Link>
        </Tooltip>
      )}
      {showManage && (
        <Tooltip title="系统管理">
          <Link to="/manage" data-testid="manage-link">
            <SettingOutlined className="app-header__icon" />
          </Link>
        </Tooltip>
      )}
      <Tooltip title="个人中心">
        <Link to="/personal/personalCenter/info" data-testid="personal-link">
          <UserOutlined className="app-header__icon" />
        </Link>
      </Tooltip>
      <Tooltip title="退出登录">
        <Button
          type="text"
          icon={<LogoutOutlined className="app-header__icon" />}
          // An icon-only button sizes its icon down; this one matches the icons beside it.
          styles={{ icon: { fontSize: 20 } }}
          aria-label="退出登录"
          data-testid="logout-button"
          loading={logout.isPending}
          onClick={() => void endSession()}
        />
      </Tooltip>
    </Space>
  );
}

export function AppHeader() {
  const loggedIn = useSession(isLoggedIn);
  return (
    <header className="app-header">
      <div className="container app-header__bar">
        <Link to="/home" className="app-header__brand" data-testid="brand">
          <img src={logoUrl} alt="" width={48} height={48} />
          <span>{PLATFORM_NAME}</span>
        </Link>
        <Space size="large">
          <a href={englishSiteUrl} className="app-header__english" data-testid="english-link">
            English
          </a>
          {loggedIn ? <UserActions /> : <AnonymousActions />}
        </Space>
      </div>
      <NavMenu />
    </header>
  );
}
