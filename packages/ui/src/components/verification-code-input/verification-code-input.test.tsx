import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConformance, renderWithProviders } from '../../testing';
import { Field } from '../field/field';
import { Label } from '../label/label';
import { VerificationCodeInput, type VerificationCodeInputProps } from './verification-code-input';

function Code(props: Partial<VerificationCodeInputProps>) {
  return (
    <>
      <Label htmlFor="code">Verification code</Label>
      <VerificationCodeInput id="code" onRequestCode={() => undefined} {...props} />
    </>
  );
}

function Controlled() {
  const [code, setCode] = useState('12');
  return (
    <>
      <Code value={code} onValueChange={setCode} />
      <output>{code}</output>
      <button type="button" onClick={() => setCode('')}>
        Reset
      </button>
    </>
  );
}

function deferred() {
  let resolve: () => void = () => undefined;
  let reject: (reason: Error) => void = () => undefined;
  const promise = new Promise<void>((resolvePromise, rejectPromise) => {
    resolve = resolvePromise;
    reject = rejectPromise;
  });
  return { promise, resolve, reject };
}

const codeField = () => screen.getByRole('textbox', { name: 'Verification code' });
const requestButton = () => screen.getByRole('button', { name: /Get Code|seconds?$/ });

/** Lets a settled onRequestCode promise reach the component. */
async function flushPromises() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe('VerificationCodeInput', () => {
  beforeEach(() => {
    // Only the countdown's clock is faked: Testing Library waits on real setTimeout between events.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('conforms: data-slot, className merge, no axe violations', async () => {
    renderWithProviders(<Code className="custom" />);
    const root = codeField().closest<HTMLElement>('[data-slot="verification-code-input"]');
    expect(root).not.toBeNull();
    await expectConformance(root as HTMLElement, { slot: 'verification-code-input', className: 'custom' });
  });

  it('asks for a one-time code on a numeric keyboard', () => {
    renderWithProviders(<Code />);
    expect(codeField()).toHaveAttribute('inputmode', 'numeric');
    expect(codeField()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(codeField()).toHaveAttribute('pattern', '\\d{6}');
  });

  it('keeps digits only, up to the code length, and reports completion once', async () => {
    const onValueChange = vi.fn();
    const onComplete = vi.fn();
    renderWithProviders(<Code onValueChange={onValueChange} onComplete={onComplete} />);
    await userEvent.type(codeField(), '12a3-4 5678');
    expect(codeField()).toHaveValue('123456');
    expect(onValueChange).toHaveBeenLastCalledWith('123456');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('takes a pasted code with separators', async () => {
    const onComplete = vi.fn();
    renderWithProviders(<Code length={4} onComplete={onComplete} />);
    await userEvent.click(codeField());
    await userEvent.paste('12 34');
    expect(codeField()).toHaveValue('1234');
    expect(onComplete).toHaveBeenCalledWith('1234');
  });

  it('works controlled', async () => {
    renderWithProviders(<Controlled />);
    expect(codeField()).toHaveValue('12');
    await userEvent.type(codeField(), '3');
    expect(screen.getByRole('status')).toHaveTextContent('123');
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(codeField()).toHaveValue('');
  });

  it('requests a code, then counts down a minute with the button unavailable', async () => {
    const onRequestCode = vi.fn();
    renderWithProviders(<Code onRequestCode={onRequestCode} />);
    const button = screen.getByRole('button', { name: 'Get Code' });
    await userEvent.click(button);
    await flushPromises();
    expect(onRequestCode).toHaveBeenCalledTimes(1);
    expect(button).toHaveTextContent('60 seconds');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();

    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button).toHaveTextContent('59 seconds');
    await userEvent.click(button);
    expect(onRequestCode).toHaveBeenCalledTimes(1);

    act(() => {
      vi.advanceTimersByTime(58_000);
    });
    expect(button).toHaveTextContent('1 second');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(button).toHaveTextContent('Get Code');
    expect(button).not.toHaveAttribute('aria-disabled');
    await userEvent.click(button);
    await flushPromises();
    expect(onRequestCode).toHaveBeenCalledTimes(2);
  });

  it('requests with the keyboard', async () => {
    const onRequestCode = vi.fn();
    renderWithProviders(<Code onRequestCode={onRequestCode} />);
    await userEvent.tab();
    expect(codeField()).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await flushPromises();
    expect(onRequestCode).toHaveBeenCalledTimes(1);
    expect(requestButton()).toHaveTextContent('60 seconds');
  });

  it('counts down for the configured time', async () => {
    renderWithProviders(<Code countdownSeconds={5} />);
    await userEvent.click(requestButton());
    await flushPromises();
    expect(requestButton()).toHaveTextContent('5 seconds');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(requestButton()).toHaveTextContent('Get Code');
  });

  it('shows progress while the request is pending and ignores further presses', async () => {
    const request = deferred();
    const onRequestCode = vi.fn(() => request.promise);
    renderWithProviders(<Code onRequestCode={onRequestCode} />);
    const button = requestButton();
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveTextContent('Get Code');
    await userEvent.click(button);
    expect(onRequestCode).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(button).toHaveTextContent('Get Code');
    request.resolve();
    await flushPromises();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).toHaveTextContent('60 seconds');
  });

  it('starts no countdown when the request fails, so the user can try again', async () => {
    const request = deferred();
    const onRequestCode = vi.fn(() => request.promise);
    renderWithProviders(<Code onRequestCode={onRequestCode} />);
    await userEvent.click(requestButton());
    request.reject(new Error('SMS gateway down'));
    await flushPromises();
    expect(requestButton()).toHaveTextContent('Get Code');
    expect(requestButton()).not.toHaveAttribute('aria-disabled');
    expect(requestButton()).not.toHaveAttribute('aria-busy');
    await userEvent.click(requestButton());
    expect(onRequestCode).toHaveBeenCalledTimes(2);
  });

  it('starts no countdown when the request throws at once', async () => {
    renderWithProviders(
      <Code
        onRequestCode={() => {
          throw new Error('No phone number');
        }}
      />,
    );
    await userEvent.click(requestButton());
    await flushPromises();
    expect(requestButton()).toHaveTextContent('Get Code');
  });

  it('counts from the clock, so delayed timer ticks still end on time', async () => {
    renderWithProviders(<Code />);
    await userEvent.click(requestButton());
    await flushPromises();
    // A background tab may run no timers for a while; the clock moves on regardless.
    vi.setSystemTime(Date.now() + 30_000);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(requestButton()).toHaveTextContent('29 seconds');
  });

  it('stops its timer when unmounted', async () => {
    const { unmount } = renderWithProviders(<Code />);
    await userEvent.click(requestButton());
    await flushPromises();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps the button unavailable while requestDisabled, and everything when disabled', async () => {
    const onRequestCode = vi.fn();
    const { rerender } = renderWithProviders(<Code requestDisabled onRequestCode={onRequestCode} />);
    await userEvent.click(requestButton());
    expect(onRequestCode).not.toHaveBeenCalled();
    expect(requestButton()).toHaveAttribute('aria-disabled', 'true');
    rerender(<Code disabled onRequestCode={onRequestCode} />);
    expect(codeField()).toBeDisabled();
    expect(requestButton()).toBeDisabled();
  });

  it('names the code field itself when nothing else does', () => {
    renderWithProviders(<VerificationCodeInput onRequestCode={() => undefined} />);
    expect(screen.getByRole('textbox', { name: 'Verification code' })).toBeInTheDocument();
  });

  it('takes Field attributes, name, onBlur and ref on the code field', () => {
    const ref = { current: null as HTMLInputElement | null };
    const onBlur = vi.fn();
    renderWithProviders(
      <Field label="Code" error="Please input the verification code">
        <VerificationCodeInput ref={ref} name="captcha" onBlur={onBlur} onRequestCode={() => undefined} />
      </Field>,
    );
    const field = screen.getByRole('textbox', { name: 'Code' });
    expect(ref.current).toBe(field);
    expect(field).toHaveAttribute('name', 'captcha');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Please input the verification code');
    fireEvent.blur(field);
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});
