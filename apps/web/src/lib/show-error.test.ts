import { ApiError, ShowType } from '@parley/api';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const toast = vi.hoisted(() => ({
  message: { error: vi.fn(), warning: vi.fn() },
  notification: { error: vi.fn() },
}));
vi.mock('@parley/ui/toast', () => toast);

const { showError, statusDescription } = await import('./show-error');

function apiError(status: number, showType: ApiError['showType'], code = 'X', text = 'Server says no') {
  return new ApiError({ status, errorCode: code, errorMessage: text, showType, url: '/api/thing' });
}

beforeEach(() => vi.clearAllMocks());

describe('showError (SPEC §4, §8)', () => {
  const navigate = vi.fn();

  it('shows nothing for silent', () => {
    showError(apiError(400, ShowType.silent), { navigate });
    expect(toast.message.error).not.toHaveBeenCalled();
    expect(toast.message.warning).not.toHaveBeenCalled();
    expect(toast.notification.error).not.toHaveBeenCalled();
  });

  it('shows a warning or an error message with the server text', () => {
    showError(apiError(422, ShowType.warning), { navigate });
    expect(toast.message.warning).toHaveBeenCalledWith('Server says no');
    showError(apiError(409, ShowType.error), { navigate });
    expect(toast.message.error).toHaveBeenCalledWith('Server says no');
  });

  it('says the server is starting, in the shown language, while it loads its demo data (503 LOADING)', () => {
    showError(apiError(503, ShowType.warning, 'LOADING', 'English text from the server'), { navigate });
    expect(toast.message.warning).toHaveBeenCalledWith(
      'Parley is starting and loading its demo data. Try again in a few seconds.',
    );
    expect(toast.message.warning).not.toHaveBeenCalledWith('English text from the server');
  });

  it("notifies 'Request error {status}: {url}' with the status description", () => {
    showError(apiError(503, ShowType.notification), { navigate });
    expect(toast.notification.error).toHaveBeenCalledWith({
      title: 'Request error 503: /api/thing',
      description: 'service unavailable or overloaded or under maintenance',
    });
  });

  it('falls back to the status text for a status without a description', () => {
    expect(statusDescription(418, "I'm a teapot")).toBe("I'm a teapot");
    expect(statusDescription(404, 'Not Found')).toBe('record does not exist');
  });

  it("says 'Network abnormal' when nothing answered", () => {
    showError(
      new ApiError({ status: 0, errorCode: 'NETWORK', errorMessage: 'x', showType: ShowType.notification, url: '/a' }),
      { navigate },
    );
    expect(toast.notification.error).toHaveBeenCalledWith({
      title: 'Network abnormal',
      description: 'Your network is abnormal and cannot connect to the server',
    });
  });

  it('redirects to the exception page with errorCode and errorMessage', () => {
    showError(apiError(403, ShowType.redirect, 'FORBIDDEN', 'No entry'), { navigate });
    expect(navigate).toHaveBeenCalledWith('/exception/403?errorCode=FORBIDDEN&errorMessage=No+entry');
    showError(apiError(502, ShowType.redirect, 'BAD_GATEWAY', 'Down'), { navigate });
    expect(navigate).toHaveBeenLastCalledWith('/exception/500?errorCode=BAD_GATEWAY&errorMessage=Down');
  });

  it('shows the default message for anything that is not an API error', () => {
    showError(new Error('boom'), { navigate });
    expect(toast.message.error).toHaveBeenCalledWith('Request error, please retry.');
  });
});
