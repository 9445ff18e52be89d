import { getDirection } from '@parley/i18n';
import { type RenderOptions, type RenderResult, render } from '@testing-library/react';
import axe from 'axe-core';
import { createElement, type ReactElement } from 'react';
import { expect } from 'vitest';
import { UiProvider } from '../components/provider/provider';

interface ProviderRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  locale?: string;
}

/** Renders inside UiProvider, as the app does; `<html dir>` follows the locale for portals. */
function renderWithProviders(
  ui: ReactElement,
  { locale = 'en-US', ...options }: ProviderRenderOptions = {},
): RenderResult {
  document.documentElement.dir = getDirection(locale);
  document.documentElement.lang = locale;
  return render(ui, {
    wrapper: ({ children }) => createElement(UiProvider, { locale, children }),
    ...options,
  });
}

/**
 * Runs axe over an element. Colour contrast is left to the browser runs (stories), because
 * jsdom computes no styles.
 */
async function expectNoAxeViolations(element: Element = document.body): Promise<void> {
  const results = await axe.run(element, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(summary).toEqual([]);
}

/** The shared checks every component passes: its `data-slot`, a caller's class, and axe. */
async function expectConformance(
  element: HTMLElement,
  { slot, className }: { slot: string; className?: string },
): Promise<void> {
  expect(element).toHaveAttribute('data-slot', slot);
  if (className) {
    expect(element).toHaveClass(className);
  }
  await expectNoAxeViolations(element.ownerDocument.body);
}

export { expectConformance, expectNoAxeViolations, renderWithProviders };
