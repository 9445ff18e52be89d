import { zodResolver } from '@hookform/resolvers/zod';
import { VIDEO_TITLE_MAX_LENGTH, type Video, videoMessages } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@parley/ui/form';
import { Input } from '@parley/ui/input';
import { message } from '@parley/ui/toast';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { reportFormError } from '../../lib/form-errors';
import { useRenameVideo } from '../../lib/video-queries';
import { titleSchema } from '../../lib/video-schemas';

interface RenameVideoDialogProps {
  video: Video | null;
  onOpenChange: (open: boolean) => void;
}

/** Renames a library video (`PUT /api/videos/:id`); the title is required. */
function RenameVideoDialog({ video, onOpenChange }: RenameVideoDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<{ title: string }>({
    resolver: zodResolver(titleSchema(t)),
    defaultValues: { title: video?.title ?? '' },
  });
  const rename = useRenameVideo(video?.id ?? '', {
    onSuccess: () => {
      message.success(t('web.library.renamed'));
      onOpenChange(false);
    },
    onError: (error) =>
      reportFormError(error, {
        setError: form.setError,
        fields: ['title'],
        t,
        navigate,
        fieldMessage: (_field, text) => (text === videoMessages.title ? t('web.video.titleRequired') : undefined),
      }),
  });
  const resetForm = form.reset;
  useEffect(() => {
    if (video) {
      resetForm({ title: video.title });
    }
  }, [video, resetForm]);

  return (
    <Dialog open={video !== null} onOpenChange={(next) => (rename.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="sm">
        <DialogHeader>
          <DialogTitle>{t('web.library.renameTitle')}</DialogTitle>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => rename.mutate(values))}>
            <FormField
              control={form.control}
              name="title"
              render={({ field }) => (
                <FormItem>
                  <FormLabel required>{t('web.video.title')}</FormLabel>
                  <FormControl>
                    <Input required maxLength={VIDEO_TITLE_MAX_LENGTH} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <DialogClose asChild>
                <Button type="button" variant="outline" disabled={rename.isPending}>
                  {t('ui.action.cancel')}
                </Button>
              </DialogClose>
              <Button type="submit" loading={rename.isPending}>
                {t('ui.action.save')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export { RenameVideoDialog };
