function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Matches an accessible name that starts with `text`: labels here may carry an '(optional)'
 * mark after the text, so the exact text would miss them.
 */
function startsWithText(text: string): RegExp {
  return new RegExp(`^${escapeRegExp(text)}`);
}

/** Matches text that contains `text`, e.g. a label's own text, which starts with the required mark '*'. */
function containingText(text: string): RegExp {
  return new RegExp(escapeRegExp(text));
}

export { containingText, startsWithText };
