import { useParams } from 'react-router-dom';
import { api } from '../../session/api';
import { useCurrentUser, useCurrentUserActions } from '../../session/currentUser';
import { AdminConsole } from './AdminLayout';
import { AuditView } from './AuditView';
import { InvitesView } from './InvitesView';
import { ModelsView } from './ModelsView';
import { PlansView } from './PlansView';
import { RedeemCodesView } from './RedeemCodesView';
import { UsageView } from './UsageView';
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

/** /admin/usage. */
export function AdminUsagePage() {
  return <UsageView admin={api.admin} />;
}

/** /admin/plans. */
export function AdminPlansPage() {
  return <PlansView admin={api.admin} />;
}

/** /admin/models. */
export function AdminModelsPage() {
  return <ModelsView admin={api.admin} />;
}

/** /admin/redeem-codes. */
export function AdminRedeemCodesPage() {
  return <RedeemCodesView admin={api.admin} />;
}

/** /admin/invites. */
export function AdminInvitesPage() {
  return <InvitesView admin={api.admin} />;
}

/** /admin/audit. */
export function AdminAuditPage() {
  return <AuditView admin={api.admin} />;
}
