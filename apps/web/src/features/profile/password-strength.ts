import type { PasswordStrength } from '@parley/ui/password-input';
import { useEffect, useState } from 'react';

type Rater = (value: string) => PasswordStrength | undefined;

/**
 * SPEC §2.5's Strong / Medium / Weak from zxcvbn's score (0–4, its estimate of the guesses needed):
 * 0 or 1 is weak (guessed online or within hours offline), 2 medium, 3 or 4 strong.
 */
export function strengthOfScore(score: number): PasswordStrength {
  return score >= 3 ? 'strong' : score === 2 ? 'medium' : 'weak';
}

let loading: Promise<Rater> | undefined;

/**
 * The zxcvbn estimator with its common and English dictionaries (about 400 KiB gzip), loaded once,
 * and only when a new password is typed: the app's other pages never carry it.
 */
export function loadZxcvbnRater(): Promise<Rater> {
  loading ??= Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]).then(([core, common, english]) => {
    const zxcvbn = new core.ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...english.dictionary },
      graphs: common.adjacencyGraphs,
      translations: english.translations,
    });
    return (value: string) => (value === '' ? undefined : strengthOfScore(zxcvbn.check(value).score));
  });
  return loading;
}

/** The zxcvbn rater once loaded (the meter uses the built-in rule until then). */
export function useZxcvbnRater(): Rater | undefined {
  const [rater, setRater] = useState<{ rate: Rater }>();
  useEffect(() => {
    let live = true;
    loadZxcvbnRater().then(
      (rate) => live && setRater({ rate }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return rater?.rate;
}
