import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { OfflineBanner } from './offline-banner';

function goOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
}

function goOnline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
}

describe('OfflineBanner', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('conforms', async () => {
    renderWithProviders(<OfflineBanner online={false} className="custom" />);
    await expectConformance(screen.getByRole('status'), { slot: 'offline-banner', className: 'custom' });
  });

  it('shows the translated warning while offline', () => {
    renderWithProviders(<OfflineBanner online={false} />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-state', 'offline');
    expect(status).toHaveTextContent('You are offline');
    expect(status).toHaveTextContent('Changes will be sent when the connection is back.');
  });

  it('keeps an empty live region while online, so the warning is announced when it appears', () => {
    renderWithProviders(<OfflineBanner online />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('data-state', 'online');
    expect(status).toBeEmptyDOMElement();
  });

  it('follows the browser: reads navigator.onLine first, then the offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineBanner />);
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
    goOnline();
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    goOffline();
    expect(screen.getByRole('status')).toHaveTextContent('You are offline');
  });

  it('lets the online prop win over the browser', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderWithProviders(<OfflineBanner online />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it("uses the caller's texts instead of the catalogue's", () => {
    renderWithProviders(<OfflineBanner online={false} title="No network" description="Calls are paused." />);
    expect(screen.getByRole('status')).toHaveTextContent('No networkCalls are paused.');
    expect(screen.queryByText('You are offline')).toBeNull();
  });
});
