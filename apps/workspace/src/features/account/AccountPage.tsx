import { useLocation, useNavigate } from 'react-router-dom';
import { api } from '../../session/api';
import { useCurrentUserActions } from '../../session/currentUser';
import { AccountView } from './AccountView';

/** /account (积分明细) and /account/credits (充值), from the user menu and the chat's balance. */
export function AccountPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { refresh } = useCurrentUserActions();
  return (
    <AccountView
      account={api.account}
      tab={pathname.startsWith('/account/credits') ? 'credits' : 'ledger'}
      onTabChange={(tab) => navigate(tab === 'credits' ? '/account/credits' : '/account', { replace: true })}
      onBalanceChanged={() => void refresh()}
    />
  );
}
