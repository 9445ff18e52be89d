import { VIDEO_TITLE_MAX_LENGTH } from '@parley/api';
import * as z from 'zod/mini';
import type { Translate } from './form-errors';

/** A video's title: required, at most the contract's 200 characters. */
export function titleSchema(t: Translate) {
  return z.object({
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { error: t('web.video.titleRequired') }),
        z.maxLength(VIDEO_TITLE_MAX_LENGTH, { error: t('web.video.titleTooLong', { max: VIDEO_TITLE_MAX_LENGTH }) }),
      ),
  });
}
