import { useParams } from 'react-router-dom';
import { api } from '../../session/api';
import { useCurrentUser, useCurrentUserActions } from '../../session/currentUser';
import { AdminRedeemView } from '../account/AdminRedeemPage';
import { AdminConsole } from './AdminLayout';
import { AuditView } from './AuditView';
import { UserDetailView } from './UserDetailView';
import { UsersView } from './UsersView';

/** /admin/…: the console's frame; its sections are the child routes. */
export function AdminLayoutPage() {
  return <AdminConsole />;
}

/** /admin/users. */
export function AdminUsersPage() {
  return <UsersView admin={api.admin} />;
}

/** /admin/users/:userId. */
export function AdminUserPage() {
  const { userId = '' } = useParams();
  const { user } = useCurrentUser();
  const { refresh } = useCurrentUserActions();
  return (
    <UserDetailView
      admin={api.admin}
      userId={userId}
      {...(user ? { selfId: user.id } : {})}
      onSelfChanged={() => void refresh()}
    />
  );
}

/** /admin/redeem-codes. */
export function AdminRedeemCodesPage() {
  return <AdminRedeemView admin={api.admin} />;
}

/** /admin/audit. */
export function AdminAuditPage() {
  return <AuditView admin={api.admin} />;
}
