import type * as React from 'react';
import { PageHeader, type PageHeaderProps } from '../../components/page-header/page-header';
import { cn } from '../../lib/cn';

type ExamplePageProps = Omit<PageHeaderProps, 'children'> & {
  /** A line under the title that says what the page is for. */
  description?: React.ReactNode;
  /** The page body, laid out in a column under the header. */
  children: React.ReactNode;
};

/** The frame of an example page: a page header on the card surface, the body on the muted page background. */
function ExamplePage({ title, description, children, className, ...headerProps }: ExamplePageProps) {
  return (
    <div data-slot="example-page" className={cn('min-h-svh bg-muted text-foreground', className)}>
      <PageHeader title={title} {...headerProps}>
        {description ? <p className="text-muted-foreground">{description}</p> : null}
      </PageHeader>
      <div data-slot="example-page-body" className="mx-auto grid w-full max-w-content gap-4 p-6">
        {children}
      </div>
    </div>
  );
}

export { ExamplePage, type ExamplePageProps };
