/** The heading of an account page: its title (the page's one h1) and a line under it. */
function AccountPageHeading({ title, subtitle }: { title: React.ReactNode; subtitle?: React.ReactNode }) {
  return (
    <div className="grid gap-1 text-center">
      <h1 className="font-semibold text-2xl">{title}</h1>
      {subtitle ? <p className="text-muted-foreground text-sm">{subtitle}</p> : null}
    </div>
  );
}

export { AccountPageHeading };
