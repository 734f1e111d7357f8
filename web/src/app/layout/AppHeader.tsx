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
import { shellToast } from '../antdGate';
import { FALLBACK_PATH } from '../routes';
import { PLATFORM_NAME, englishSiteUrl } from '../site';
import logoUrl from './logo.svg';
import { NavMenu } from './NavMenu';
import '../../components/PlainButton.css';

// The header is on every page, the first one too: plain elements in antd's look rather than
// antd's Button, Space, Badge and Tooltip (see PlainButton.css).

function AnonymousActions() {
  return (
    <div className="app-header__actions">
      <button
        type="button"
        className="plain-button plain-button--primary"
        onClick={openLogin}
        data-testid="login-button"
      >
        登录
      </button>
      <Link to="/register" className="plain-button" data-testid="register-button">
        注册
      </Link>
    </div>
  );
}

/** The cart's count over its icon, as antd's small Badge draws it; none when the cart is empty. */
function CartCount({ count }: { count: number }) {
  return (
    <span className="app-header__badge" data-testid="cart-badge">
      <ShoppingCartOutlined className="app-header__icon" />
      {count > 0 && <sup className="app-header__count">{count > 99 ? '99+' : count}</sup>}
    </span>
  );
}

function UserActions() {
  const navigate = useNavigate();
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
      shellToast('error', LOGOUT_FAILED_MESSAGE);
    }
    // The session is gone here either way (see logout.ts): back to the home page.
    await navigate(FALLBACK_PATH);
  };
  // An icon's aria-label names it for screen readers (antd's Tooltip named none); its title
  // is the pointer's tooltip.
  return (
    <div className="app-header__actions app-header__actions--icons">
      {showCart && (
        <Link
          to="/personal/personalCenter/shopping"
          title="购物车"
          aria-label={cartCount > 0 ? `购物车（${cartCount}）` : '购物车'}
          data-testid="cart-link"
        >
          <CartCount count={cartCount} />
        </Link>
      )}
      {showManage && (
        <Link to="/manage" title="系统管理" aria-label="系统管理" data-testid="manage-link">
          <SettingOutlined className="app-header__icon" />
        </Link>
      )}
      <Link
        to="/personal/personalCenter/info"
        title="个人中心"
        aria-label="个人中心"
        data-testid="personal-link"
      >
        <UserOutlined className="app-header__icon" />
      </Link>
      <button
        type="button"
        className="plain-button plain-button--icon"
        title="退出登录"
        aria-label="退出登录"
        data-testid="logout-button"
        disabled={logout.isPending}
        aria-busy={logout.isPending}
        onClick={() => void endSession()}
      >
        <LogoutOutlined className="app-header__icon" />
      </button>
    </div>
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
        <div className="app-header__actions app-header__actions--wide">
          <a href={englishSiteUrl} className="app-header__english" data-testid="english-link">
            English
          </a>
          {loggedIn ? <UserActions /> : <AnonymousActions />}
        </div>
      </div>
      <NavMenu />
    </header>
  );
}
