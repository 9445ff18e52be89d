import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import { MessageSquare, PhoneCall, Video } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { PublicHeader } from '../../components/public-header';

/** Parley's public landing page: what it does, and the ways in (contact, demo, sign in). */
function HomeScreen() {
  const { t } = useTranslation();
  const [query] = useSearchParams();
  // After a logout the address carries where the member was; signing in again returns there.
  const redirect = query.get('redirect');
  const signIn = redirect ? `/user/login?${new URLSearchParams({ redirect })}` : '/user/login';
  const features = [
    { icon: PhoneCall, title: t('web.home.call.title'), text: t('web.home.call.text') },
    { icon: MessageSquare, title: t('web.home.chat.title'), text: t('web.home.chat.text') },
    { icon: Video, title: t('web.home.video.title'), text: t('web.home.video.text') },
  ];
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader signIn={signIn} />
      <main className="mx-auto flex w-full max-w-content flex-1 flex-col gap-10 px-4 py-16">
        <section className="flex flex-col items-start gap-4">
          <h1 className="font-semibold text-4xl">{t('web.home.title')}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t('web.home.lead')}</p>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/request-demo">{t('web.home.cta.demo')}</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/contact-us">{t('web.home.cta.contact')}</Link>
            </Button>
          </div>
        </section>
        <ul className="grid gap-4 sm:grid-cols-3">
          {features.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-2 rounded-lg border bg-card p-5">
              <Icon aria-hidden className="size-6 text-primary-text" />
              <h2 className="font-medium text-base">{title}</h2>
              <p className="text-muted-foreground text-sm">{text}</p>
            </li>
          ))}
        </ul>
      </main>
    </div>
  );
}

export { HomeScreen };
