/** The page-style choices (SPEC §2.6, §3 settings model, §9 defaults). */
interface PageSettings {
  navTheme: 'dark' | 'light';
  /** The brand colour as #RRGGBB; one of THEME_COLORS in the panel. */
  primaryColor: string;
  layout: 'side' | 'top';
  contentWidth: 'fixed' | 'fluid';
  fixedHeader: boolean;
  /** Only has an effect in the side layout. */
  fixedSidebar: boolean;
  /** Only has an effect with a fixed header. */
  hideHeaderOnScroll: boolean;
  /** SPEC §4: colour-weak display mode on the root element. */
  colorWeak: boolean;
}

/** SPEC §9 shell defaults. */
const DEFAULT_PAGE_SETTINGS: Readonly<PageSettings> = Object.freeze({
  navTheme: 'dark',
  primaryColor: '#FA541C',
  layout: 'top',
  contentWidth: 'fixed',
  fixedHeader: false,
  fixedSidebar: true,
  hideHeaderOnScroll: false,
  colorWeak: false,
});

type ThemeColorKey = 'dust' | 'volcano' | 'sunset' | 'cyan' | 'green' | 'daybreak' | 'geekblue' | 'purple';

/** The theme colours the panel offers; `key` names the catalogue entry `ui.pageStyle.color.<key>`. */
const THEME_COLORS: readonly { key: ThemeColorKey; hex: string }[] = [
  { key: 'dust', hex: '#F5222D' },
  { key: 'volcano', hex: '#FA541C' },
  { key: 'sunset', hex: '#FA8C16' },
  { key: 'cyan', hex: '#13C2C2' },
  { key: 'green', hex: '#52C41A' },
  { key: 'daybreak', hex: '#1890FF' },
  { key: 'geekblue', hex: '#2F54EB' },
  { key: 'purple', hex: '#722ED1' },
];

interface Rgb {
  r: number;
  g: number;
  b: number;
}

interface Hsv {
  /** 0–360 */
  h: number;
  /** 0–1 */
  s: number;
  /** 0–1 */
  v: number;
}

function parseHex(hex: string): Rgb {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) {
    throw new Error(`Not a hex colour: ${hex}`);
  }
  const digits =
    match[1].length === 3
      ? match[1]
          .split('')
          .map((digit) => digit + digit)
          .join('')
      : match[1];
  return {
    r: Number.parseInt(digits.slice(0, 2), 16),
    g: Number.parseInt(digits.slice(2, 4), 16),
    b: Number.parseInt(digits.slice(4, 6), 16),
  };
}

function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function rgbToHsv({ r, g, b }: Rgb): Hsv {
  const red = r / 255;
  const green = g / 255;
  const blue = b / 255;
  const max = Math.max(red, green, blue);
  const min = Math.min(red, green, blue);
  const delta = max - min;
  let hue = 0;
  if (delta !== 0) {
    if (max === red) {
      hue = (green - blue) / delta + (green < blue ? 6 : 0);
    } else if (max === green) {
      hue = (blue - red) / delta + 2;
    } else {
      hue = (red - green) / delta + 4;
    }
  }
  return { h: hue * 60, s: max === 0 ? 0 : delta / max, v: max };
}

function hsvToRgb({ h, s, v }: Hsv): Rgb {
  const sector = (((h % 360) + 360) % 360) / 60;
  const index = Math.floor(sector);
  const fraction = sector - index;
  const p = v * (1 - s);
  const q = v * (1 - fraction * s);
  const t = v * (1 - (1 - fraction) * s);
  const [r, g, b] = [
    [v, t, p],
    [q, v, p],
    [p, v, t],
    [p, q, v],
    [t, p, v],
    [v, p, q],
  ][index % 6] as [number, number, number];
  return { r: r * 255, g: g * 255, b: b * 255 };
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

// The palette walk used by Ant Design's colour presets (which tokens.css follows): lighter steps
// turn the hue towards 60° (yellow) or 240° (blue), lose saturation and gain brightness; darker
// steps turn the other way, gain saturation and lose brightness.
const HUE_STEP = 2;
const LIGHT_SATURATION_STEP = 0.16;
const DARK_SATURATION_STEP = 0.05;
const LIGHT_VALUE_STEP = 0.05;
const DARK_VALUE_STEP = 0.15;
const PRESET_LIGHT_STEPS = 5;
const PRESET_DARK_STEPS = 4;

function stepHue(hsv: Hsv, index: number, light: boolean): number {
  const hue = Math.round(hsv.h);
  const towardsCool = hue >= 60 && hue <= 240;
  const shifted = light === towardsCool ? hue - HUE_STEP * index : hue + HUE_STEP * index;
  return ((shifted % 360) + 360) % 360;
}

function stepSaturation(hsv: Hsv, index: number, light: boolean): number {
  if (hsv.s === 0) {
    return 0;
  }
  let saturation: number;
  if (light) {
    saturation = hsv.s - LIGHT_SATURATION_STEP * index;
  } else if (index === PRESET_DARK_STEPS) {
    saturation = hsv.s + LIGHT_SATURATION_STEP;
  } else {
    saturation = hsv.s + DARK_SATURATION_STEP * index;
  }
  saturation = Math.min(saturation, 1);
  if (light && index === PRESET_LIGHT_STEPS) {
    saturation = Math.min(saturation, 0.1);
  }
  return round2(Math.max(saturation, 0.06));
}

function stepValue(hsv: Hsv, index: number, light: boolean): number {
  const value = light ? hsv.v + LIGHT_VALUE_STEP * index : hsv.v - DARK_VALUE_STEP * index;
  return round2(Math.min(Math.max(value, 0), 1));
}

function paletteStep(hsv: Hsv, index: number, light: boolean): string {
  return toHex(
    hsvToRgb({ h: stepHue(hsv, index, light), s: stepSaturation(hsv, index, light), v: stepValue(hsv, index, light) }),
  );
}

/**
 * The 12-step brand scale for a colour, like tokens.css `--brand-1..12` for #FA541C: the colour
 * is step 7, steps 2–11 follow the Ant Design preset walk, step 1 is a near-white tint and
 * step 12 a near-black shade. Returns lower-case #rrggbb strings.
 */
function brandScale(hex: string): string[] {
  const base = parseHex(hex);
  const hsv = rgbToHsv(base);
  const lighter = [5, 4, 3, 2, 1].map((index) => paletteStep(hsv, index, true));
  const darker = [1, 2, 3, 4, 5].map((index) => paletteStep(hsv, index, false));
  const whitest = toHex(
    hsvToRgb({
      h: stepHue(hsv, 6, true),
      s: hsv.s === 0 ? 0 : round2(stepSaturation(hsv, PRESET_LIGHT_STEPS, true) / 3),
      v: 1,
    }),
  );
  return [whitest, ...lighter, toHex(base), ...darker];
}

function channelLuminance(channel: number): number {
  const value = channel / 255;
  return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of a hex colour, 0 (black) to 1 (white). */
function relativeLuminance(hex: string): number {
  const { r, g, b } = parseHex(hex);
  return 0.2126 * channelLuminance(r) + 0.7152 * channelLuminance(g) + 0.0722 * channelLuminance(b);
}

/** WCAG contrast ratio between two hex colours, 1 to 21. */
function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [relativeLuminance(first), relativeLuminance(second)].sort((a, b) => b - a) as [
    number,
    number,
  ];
  return (lighter + 0.05) / (darker + 0.05);
}

const WHITE = '#ffffff';

/** A near-black tinted with the colour's own hue, as tokens.css pairs #1A0500 with #FA541C. */
function nearBlack(hex: string): string {
  const hsv = rgbToHsv(parseHex(hex));
  return toHex(hsvToRgb({ h: hsv.h, s: hsv.s === 0 ? 0 : 1, v: 0.1 }));
}

/**
 * Text colour for a background: white or a near-black of the same hue, whichever contrasts more;
 * for the theme colours that is always at least the WCAG AA 4.5:1.
 */
function readableForeground(hex: string): string {
  const dark = nearBlack(hex);
  return contrastRatio(hex, WHITE) >= contrastRatio(hex, dark) ? WHITE : dark;
}

const AA_TEXT = 4.5;
/** The page backgrounds of tokens.css, light and dark. */
const LIGHT_BACKGROUND = '#ffffff';
const DARK_BACKGROUND = '#141414';

/** The first scale step (1-based) in `order` whose text reads at AA on `background`, else the last one tried. */
function readableStep(scale: readonly string[], order: readonly number[], background: string): string {
  for (const step of order) {
    const colour = scale[step - 1];
    if (colour && contrastRatio(colour, background) >= AA_TEXT) {
      return colour;
    }
  }
  return scale[(order[order.length - 1] ?? 1) - 1] ?? background;
}

/** Mixes two hex colours; `amount` is the share of the first. */
function mix(first: string, second: string, amount: number): string {
  const a = parseHex(first);
  const b = parseHex(second);
  return toHex({
    r: a.r * amount + b.r * (1 - amount),
    g: a.g * amount + b.g * (1 - amount),
    b: a.b * amount + b.b * (1 - amount),
  });
}

interface ApplyPageSettingsOptions {
  /** Whether the dark colour theme is on; read from the root's `dark` class unless given. */
  dark?: boolean;
}

/**
 * The brand-derived colour variables for a primary colour, with the pairings of tokens.css but
 * chosen so text keeps WCAG AA contrast for any colour: brand text steps darker (light theme) or
 * lighter (dark theme) until it reads, and hover/active darken when the text on them is white.
 */
function brandVariables(
  primaryColor: string,
  { dark, navTheme }: { dark: boolean; navTheme: PageSettings['navTheme'] },
): Record<string, string> {
  const scale = brandScale(primaryColor);
  const step = (index: number) => scale[index - 1] ?? primaryColor;
  const foreground = readableForeground(step(7));
  const whiteText = foreground === WHITE;
  const variables: Record<string, string> = {};
  scale.forEach((colour, index) => {
    variables[`--brand-${index + 1}`] = colour;
  });
  variables['--primary'] = step(7);
  variables['--primary-foreground'] = foreground;
  variables['--primary-hover'] = whiteText ? step(8) : step(6);
  variables['--primary-active'] = whiteText ? step(9) : step(8);
  if (dark) {
    const subtle = mix(step(7), DARK_BACKGROUND, 0.16);
    variables['--primary-text'] = readableStep(scale, [5, 4, 3, 2], DARK_BACKGROUND);
    variables['--primary-subtle'] = subtle;
    variables['--primary-subtle-foreground'] = step(4);
    variables['--accent'] = subtle;
    variables['--accent-foreground'] = step(3);
    variables['--ring'] = step(5);
  } else {
    variables['--primary-text'] = readableStep(scale, [8, 9, 10, 11], LIGHT_BACKGROUND);
    variables['--primary-subtle'] = step(2);
    variables['--primary-subtle-foreground'] = step(10);
    variables['--accent'] = step(2);
    variables['--accent-foreground'] = step(11);
    variables['--ring'] = step(8);
  }
  // Mirrors tokens.css: the dark navigation marks the active item in the brand colour, the light one subtly.
  if (navTheme === 'dark') {
    variables['--nav-active'] = variables['--primary'];
    variables['--nav-active-foreground'] = foreground;
  } else {
    variables['--nav-active'] = variables['--primary-subtle'];
    variables['--nav-active-foreground'] = variables['--primary-subtle-foreground'];
  }
  return variables;
}

/**
 * Puts page settings on a root element: the brand scale and every colour derived from it (as
 * concrete values, so it works on any element, not just `<html>`), `data-nav-theme`, and the
 * `color-weak` class. A change of content width fires a window `resize` (SPEC §4) so charts
 * re-measure. Call it again when the colour theme changes, as brand text differs between the two.
 */
function applyPageSettings(
  settings: PageSettings,
  root: HTMLElement = document.documentElement,
  { dark = root.classList.contains('dark') }: ApplyPageSettingsOptions = {},
): void {
  const variables = brandVariables(settings.primaryColor, { dark, navTheme: settings.navTheme });
  for (const [name, value] of Object.entries(variables)) {
    root.style.setProperty(name, value);
  }
  root.dataset.navTheme = settings.navTheme;
  root.classList.toggle('color-weak', settings.colorWeak);
  const previousWidth = root.dataset.contentWidth;
  root.dataset.contentWidth = settings.contentWidth;
  if (previousWidth !== undefined && previousWidth !== settings.contentWidth) {
    root.ownerDocument.defaultView?.dispatchEvent(new Event('resize'));
  }
}

export {
  type ApplyPageSettingsOptions,
  applyPageSettings,
  brandScale,
  brandVariables,
  contrastRatio,
  DEFAULT_PAGE_SETTINGS,
  type PageSettings,
  readableForeground,
  relativeLuminance,
  THEME_COLORS,
  type ThemeColorKey,
};
