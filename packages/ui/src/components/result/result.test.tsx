import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Button } from '../button/button';
import { Result } from './result';

describe('Result', () => {
  it('conforms: data-slot, className merge, no axe violations', async () => {
    const { container } = renderWithProviders(
      <Result status="403" className="custom" extra={<Button>Back Home</Button>} />,
    );
    await expectConformance(container.querySelector('[data-slot="result"]') as HTMLElement, {
      slot: 'result',
      className: 'custom',
    });
  });

  it('shows the exact 403 texts of the specification by default', () => {
    renderWithProviders(<Result status="403" />);
    expect(screen.getByRole('heading', { level: 2, name: '403' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, you are not authorized to access this page.')).toBeInTheDocument();
  });

  it.each([
    ['404', '404', 'Sorry, the page you visited does not exist.'],
    ['500', '500', 'Sorry, something went wrong.'],
  ] as const)('shows the default texts for %s', (status, title, subTitle) => {
    renderWithProviders(<Result status={status} />);
    expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getByText(subTitle)).toBeInTheDocument();
  });

  it('accepts numeric statuses', () => {
    const { container } = renderWithProviders(<Result status={404} />);
    expect(container.querySelector('[data-slot="result"]')).toHaveAttribute('data-status', '404');
    expect(screen.getByRole('heading', { name: '404' })).toBeInTheDocument();
  });

  it('titles success and fail by default, without a subtitle', () => {
    const { container } = renderWithProviders(
      <>
        <Result status="success" />
        <Result status="fail" />
      </>,
    );
    expect(screen.getByRole('heading', { name: 'Submission Success' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Submission Failed' })).toBeInTheDocument();
    expect(container.querySelector('[data-slot="result-subtitle"]')).toBeNull();
  });

  it('lets the caller replace title and subtitle, and pick the heading level', () => {
    renderWithProviders(<Result status="403" title="Admins only" subTitle="Ask an admin." headingLevel={1} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Admins only' })).toBeInTheDocument();
    expect(screen.getByText('Ask an admin.')).toBeInTheDocument();
    expect(screen.queryByText('Sorry, you are not authorized to access this page.')).toBeNull();
  });

  it('renders extra actions and content', () => {
    renderWithProviders(
      <Result status="fail" extra={<Button>Return to modify</Button>}>
        <p>The input is not valid E-mail!</p>
      </Result>,
    );
    expect(screen.getByRole('button', { name: 'Return to modify' })).toBeInTheDocument();
    expect(screen.getByText('The input is not valid E-mail!')).toBeInTheDocument();
  });

  it('shows a decorative illustration that can be replaced or removed', () => {
    const { container, rerender } = renderWithProviders(<Result status="500" />);
    const illustration = () => container.querySelector('[data-slot="result-illustration"]');
    expect(illustration()?.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
    rerender(<Result status="500" icon={<span data-testid="picture" />} />);
    expect(screen.getByTestId('picture')).toBeInTheDocument();
    rerender(<Result status="500" icon={null} />);
    expect(illustration()).toBeNull();
  });

  it('has no heading for info and warning unless given a title', () => {
    renderWithProviders(<Result status="warning" />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
