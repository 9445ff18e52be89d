import { type Contact, isApiError } from '@parley/api';
import { useTranslation } from '@parley/i18n';
import { Button } from '@parley/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@parley/ui/dialog';
import { Input } from '@parley/ui/input';
import { Label } from '@parley/ui/label';
import { RadioGroup, RadioGroupItem } from '@parley/ui/radio-group';
import { Skeleton } from '@parley/ui/skeleton';
import { message } from '@parley/ui/toast';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { showError } from '../../lib/show-error';
import { contactSearchQueryOptions, useMergeContacts } from './contact-queries';

/** The search waits this long after the last key before it asks the server. */
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A candidate's line: the name, and the address or number that tells two namesakes apart. */
function candidateDetail(contact: Contact): string {
  return [contact.email, contact.phone, contact.company].filter(Boolean).join(' · ');
}

interface MergeDialogProps {
  /** The contact that stays; null while closed. */
  keep: Contact | null;
  onOpenChange: (open: boolean) => void;
}

/**
 * Merges a duplicate into a contact (`POST /api/contacts/:id/merge`): the member finds the duplicate
 * (the search starts with the contact's name), and the contact keeps its details, takes the
 * duplicate's missing ones and its tags; the duplicate is deleted.
 */
function MergeDialog({ keep, onOpenChange }: MergeDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const searchId = useId();
  const [search, setSearch] = useState('');
  const [otherId, setOtherId] = useState<string | null>(null);
  const open = keep !== null;
  useEffect(() => {
    if (keep) {
      setSearch(keep.name);
      setOtherId(null);
    }
  }, [keep]);
  const q = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const candidates = useQuery({ ...contactSearchQueryOptions(q), enabled: open });
  const list = (candidates.data?.list ?? []).filter((contact) => contact.id !== keep?.id);
  const merge = useMergeContacts({
    onSuccess: ({ data }) => {
      message.success(t('web.contacts.mergeDone', { name: data.name }));
      onOpenChange(false);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 404) {
        message.error(t('web.contacts.mergeGone'));
        onOpenChange(false);
      } else {
        showError(error, { navigate });
      }
    },
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (merge.isPending ? undefined : onOpenChange(next))}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>{t('web.contacts.mergeTitle', { name: keep?.name ?? '' })}</DialogTitle>
          <DialogDescription>{t('web.contacts.mergeDescription', { name: keep?.name ?? '' })}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={searchId}>{t('web.contacts.mergeSearch')}</Label>
          <Input
            id={searchId}
            type="search"
            autoComplete="off"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setOtherId(null);
            }}
          />
        </div>
        <div className="min-h-24" aria-busy={candidates.isFetching || undefined}>
          {candidates.isPending ? (
            <div className="grid gap-2">
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </div>
          ) : list.length === 0 ? (
            <p className="py-6 text-center text-muted-foreground text-sm">{t('web.contacts.mergeNone')}</p>
          ) : (
            <RadioGroup
              aria-label={t('web.contacts.mergeSearch')}
              value={otherId ?? ''}
              onValueChange={setOtherId}
              className="grid gap-2"
            >
              {list.map((contact) => (
                <Label
                  key={contact.id}
                  className="flex cursor-pointer items-start gap-3 rounded-md border p-3 font-normal has-[[data-state=checked]]:border-primary"
                >
                  <RadioGroupItem value={contact.id} aria-label={contact.name} className="mt-0.5" />
                  <span className="grid min-w-0 gap-0.5">
                    <bdi className="truncate font-medium">{contact.name}</bdi>
                    <bdi dir="ltr" className="truncate text-start text-muted-foreground text-xs">
                      {candidateDetail(contact)}
                    </bdi>
                  </span>
                </Label>
              ))}
            </RadioGroup>
          )}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={merge.isPending}>
              {t('ui.action.cancel')}
            </Button>
          </DialogClose>
          <Button
            disabled={otherId === null}
            loading={merge.isPending}
            onClick={() => (keep && otherId ? merge.mutate({ keepId: keep.id, otherId }) : undefined)}
          >
            {t('web.contacts.mergeConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export { MergeDialog };
