import { Outlet } from 'react-router';

/** The blank layout: the page alone, no shell (landing-side pages and the exception pages). */
function BlankLayout() {
  return <Outlet />;
}

export { BlankLayout };
