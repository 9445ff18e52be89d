/** How long a pointer rests on a control before its tooltip shows (every tooltip of the library). */
export const TOOLTIP_DELAY_MS = 300;
