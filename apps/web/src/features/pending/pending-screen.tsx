import { useTranslation } from '@parley/i18n';
import { Empty } from '@parley/ui/empty';
import { PageHeader } from '@parley/ui/page-header';
import { Construction } from 'lucide-react';

/** A route whose screen comes with a later issue: its title in the real layout, and no pretence. */
function PendingScreen({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 pb-6">
      <PageHeader title={t(titleKey)} titleLevel={1} />
      <div className="px-4">
        <Empty
          image={<Construction aria-hidden className="size-12 text-muted-foreground" />}
          description={
            <>
              <strong className="block font-medium text-foreground">{t('web.pending.title')}</strong>
              {t('web.pending.text')}
            </>
          }
        />
      </div>
    </div>
  );
}

export { PendingScreen };
