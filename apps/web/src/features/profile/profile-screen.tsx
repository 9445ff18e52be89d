import { useTranslation } from '@parley/i18n';
import { PageHeader } from '@parley/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@parley/ui/tabs';
import { useSearchParams } from 'react-router';
import { BasicSettings } from './basic-settings';
import { NotificationSettings } from './notification-settings';
import { SecuritySettings } from './security-settings';

const TABS = ['basic', 'security', 'notifications'] as const;
type ProfileTab = (typeof TABS)[number];

function isTab(value: string | null): value is ProfileTab {
  return TABS.includes(value as ProfileTab);
}

/**
 * `/settings/profile` (SPEC §2.5): the member's own Basic Settings, Security Settings (password,
 * MFA device) and New Message Notification. The open tab is in the address (`?tab=`).
 */
function ProfileScreen() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: ProfileTab = isTab(requested) ? requested : 'basic';
  return (
    <div className="grid min-w-0 gap-4 pb-6">
      <PageHeader title={t('web.menu.profile')} titleLevel={1}>
        <p className="max-w-3xl text-muted-foreground text-sm">{t('web.profile.intro')}</p>
      </PageHeader>
      <div className="min-w-0 px-4">
        <Tabs
          value={tab}
          onValueChange={(value) =>
            setSearchParams(value === 'basic' ? {} : { tab: value }, { replace: true, preventScrollReset: true })
          }
        >
          <TabsList className="max-w-full flex-wrap">
            {TABS.map((value) => (
              <TabsTrigger key={value} value={value}>
                {t(`web.profile.tab.${value}`)}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="basic">
            <BasicSettings />
          </TabsContent>
          <TabsContent value="security">
            <SecuritySettings />
          </TabsContent>
          <TabsContent value="notifications">
            <NotificationSettings />
          </TabsContent>
        </Tabs>
      </div>
    </div>
  );
}

export { ProfileScreen };
