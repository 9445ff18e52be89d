import { zodResolver } from '@hookform/resolvers/zod';
import { updateVideoRequestSchemaWith, VIDEO_TITLE_MAX_LENGTH } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { type Control, useForm } from 'react-hook-form';
import { contractMessages } from '../lib/contract-messages';

interface VideoTitleValues {
  title: string;
}

/** A form of one video title, checked by the contract's rule (required, at most its length). */
export function useVideoTitleForm(title: string) {
  const { t } = useTranslation();
  return useForm<VideoTitleValues>({
    resolver: zodResolver(updateVideoRequestSchemaWith(contractMessages(t))),
    defaultValues: { title },
  });
}

/** The Title field of such a form: saving, renaming, recovering a recording. */
export function VideoTitleField({ control, disabled }: { control: Control<VideoTitleValues>; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormField
      control={control}
      name="title"
      render={({ field }) => (
        <FormItem>
          <FormLabel required>{t('web.video.title')}</FormLabel>
          <FormControl>
            {/* A Latin title in an Arabic form reads left to right, brackets and full stops in place. */}
            <Input dir="auto" required maxLength={VIDEO_TITLE_MAX_LENGTH} disabled={disabled} {...field} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
