import { expectNoAxeViolations } from '@parley/ui/testing';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../testing/test-utils';
import { HomeScreen } from './home-screen';

/** Opens the landing page (`/` unless told) as a visitor not signed in. */
async function openLandingPage(path = '/') {
  renderRoutes([{ path: '/', element: <HomeScreen /> }], path);
  await screen.findByRole('heading', { level: 1, name: 'Talk to your visitors, live' });
}

afterEach(() => {
  localStorage.clear();
});

describe('the landing page /', () => {
  it('has no axe violations in the light theme', async () => {
    localStorage.setItem('theme', 'light');
    await openLandingPage();
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('has no axe violations in the dark theme', async () => {
    localStorage.setItem('theme', 'dark');
    await openLandingPage();
    expect(screen.getByRole('button', { name: 'Switch to light theme' })).toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('leads Sign in back to where a member was after a logout', async () => {
    await openLandingPage('/?redirect=%2Fcall-history%3Ftab%3Dmissed');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/user/login?redirect=%2Fcall-history%3Ftab%3Dmissed',
    );
  });
});
