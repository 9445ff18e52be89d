import { Navigate, Outlet, useLocation } from 'react-router';
import { loginLocation } from '../../lib/redirect';
import { useSession } from '../../lib/session';

/** The security layout: only a signed-in member passes; others go to the login page and come back. */
function SecurityLayout() {
  const session = useSession();
  const location = useLocation();
  if (!session.loggedIn) {
    const here = new URL(`${location.pathname}${location.search}${location.hash}`, window.location.origin);
    return <Navigate to={loginLocation(here)} replace />;
  }
  return <Outlet />;
}

export { SecurityLayout };
