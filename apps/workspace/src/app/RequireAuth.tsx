import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { hasStoredSession } from '../session/client';

/** Every screen but /login and /register expects a token; without one the user signs in first. */
export function RequireAuth() {
  const location = useLocation();
  if (!hasStoredSession()) {
    const next = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?next=${next}`} replace />;
  }
  return <Outlet />;
}
