import { useTranslation } from '@parley/i18n';
import { Skeleton, SkeletonGroup, SkeletonText } from '@parley/ui/skeleton';

/** The screen's place while the signed-in member loads for the first time (SPEC §4). */
function ShellLoading() {
  const { t } = useTranslation();
  return (
    <SkeletonGroup label={t('web.app.loading')} className="grid gap-6 p-4" data-testid="shell-loading">
      <Skeleton className="h-7 w-48" />
      <div className="grid gap-4 sm:grid-cols-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </div>
      <SkeletonText lines={5} />
    </SkeletonGroup>
  );
}

export { ShellLoading };
