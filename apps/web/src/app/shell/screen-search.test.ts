import { describe, expect, it } from 'vitest';
import { findScreen } from './screen-search';

const screens = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/call-history', title: 'Call history' },
  { path: '/chat-history', title: 'Chat history' },
  { path: '/settings/contact-book', title: 'Contact List' },
];

describe('findScreen (header search)', () => {
  it('prefers the same title, then the start of one, then a part of one, ignoring case and spaces', () => {
    expect(findScreen('  DASHBOARD ', screens)).toBe('/dashboard');
    expect(findScreen('chat', screens)).toBe('/chat-history');
    expect(findScreen('history', screens)).toBe('/call-history');
    expect(findScreen('list', screens)).toBe('/settings/contact-book');
  });

  it('finds nothing for text no title holds, or for no text', () => {
    expect(findScreen('invoices', screens)).toBeNull();
    expect(findScreen('   ', screens)).toBeNull();
  });
});
