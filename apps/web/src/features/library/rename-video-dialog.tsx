import type { Video } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@parley/ui/dialog';
import { Form } from '@parley/ui/form';
import { message } from '@parley/ui/toast';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useVideoTitleForm, VideoTitleField } from '../../components/video-title-field';
import { reportFormError } from '../../lib/form-errors';
import { useRenameVideo } from '../../lib/video-queries';

interface RenameVideoDialogProps {
  video: Video | null;
  onOpenChange: (open: boolean) => void;
}

/** Renames a library video (`PUT /api/videos/:id`); the title is required. */
function RenameVideoDialog({ video, onOpenChange }: RenameVideoDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useVideoTitleForm(video?.title ?? '');
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
            <VideoTitleField control={form.control} />
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
