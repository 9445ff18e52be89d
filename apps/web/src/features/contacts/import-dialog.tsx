import {
  CONTACT_IMPORT_MAX_ROWS,
  type ContactImportPreview,
  type ContactImportRow,
  isApiError,
  isMessageId,
} from '@parley/api';
import { formatNumber, useTranslation } from '@parley/i18n';
import { Alert } from '@parley/ui/alert';
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
import { Progress } from '@parley/ui/progress';
import { message } from '@parley/ui/toast';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { contractMessages, serverFieldMessage } from '../../lib/contract-messages';
import { showError } from '../../lib/show-error';
import { previewImport, useImportContacts } from './contact-queries';

/** The columns the file may have (its header row names them, in any order and case). */
const COLUMNS: Record<string, keyof ContactImportRow> = {
  name: 'name',
  email: 'email',
  'e-mail': 'email',
  phone: 'phone',
  company: 'company',
  notes: 'notes',
  tags: 'tags',
};

/** The problems the preview lists; the rest are counted. */
const PROBLEMS_SHOWN = 50;

type Step =
  | { kind: 'choose'; error?: string }
  | { kind: 'reading'; percent: number }
  | { kind: 'checking'; rows: number }
  | { kind: 'preview'; rows: ContactImportRow[]; preview: ContactImportPreview; importId: string }
  | { kind: 'importing'; rows: ContactImportRow[]; preview: ContactImportPreview; importId: string };

class FileProblem extends Error {}

/** Reads a CSV file with Papa Parse (loaded with this dialog): its rows by the header's column names. */
async function readCsv(file: File, onProgress: (percent: number) => void): Promise<ContactImportRow[]> {
  const { default: Papa } = await import('papaparse');
  return new Promise((resolve, reject) => {
    const rows: ContactImportRow[] = [];
    let known = false;
    Papa.parse<Record<string, string>>(file, {
      header: true,
      skipEmptyLines: 'greedy',
      transformHeader: (header) =>
        header
          .replace(/^\uFEFF/, '')
          .trim()
          .toLowerCase(),
      step: (result, parser) => {
        if (!known) {
          known = (result.meta.fields ?? []).some((field) => COLUMNS[field] === 'name');
          if (!known) {
            parser.abort();
            reject(new FileProblem('noName'));
            return;
          }
        }
        const row: ContactImportRow = {};
        for (const [field, value] of Object.entries(result.data)) {
          const column = COLUMNS[field];
          if (column && typeof value === 'string') {
            row[column] = value;
          }
        }
        rows.push(row);
        if (rows.length > CONTACT_IMPORT_MAX_ROWS) {
          parser.abort();
          reject(new FileProblem('tooMany'));
          return;
        }
        onProgress(file.size > 0 ? Math.min(100, (result.meta.cursor / file.size) * 100) : 100);
      },
      complete: () => (rows.length === 0 ? reject(new FileProblem('empty')) : resolve(rows)),
      error: () => reject(new FileProblem('unreadable')),
    });
  });
}

interface ImportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Imports contacts from a CSV file: the browser reads it (Papa Parse), the server checks each row
 * (`POST /api/contacts/import/preview`: a missing name, an e-mail or phone that is not valid, an
 * address twice in the file or in the book already) and nothing is stored until the member confirms
 * (`POST /api/contacts/import`, once per file however often Import is clicked).
 */
function ImportDialog({ open, onOpenChange }: ImportDialogProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fileId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const number = (value: number) => formatNumber(value, i18n.language);
  const close = (next: boolean) => {
    if (!next && step.kind !== 'importing') {
      setStep({ kind: 'choose' });
      onOpenChange(false);
    }
  };
  const save = useImportContacts({
    onSuccess: (result) => {
      if (result.repeated) {
        message.info(t('web.contacts.importRepeated'));
      } else {
        message.success(t('web.contacts.imported', { count: result.imported }));
      }
      setStep({ kind: 'choose' });
      onOpenChange(false);
    },
    onError: (error) => {
      setStep((current) => (current.kind === 'importing' ? { ...current, kind: 'preview' } : current));
      showError(error, { navigate });
    },
  });

  const fileProblem = (code: string) => {
    switch (code) {
      case 'noName':
        return t('web.contacts.importNoName');
      case 'tooMany':
        return t('web.contacts.importTooMany', { max: CONTACT_IMPORT_MAX_ROWS });
      case 'empty':
        return t('web.contacts.importEmpty');
      default:
        return t('web.contacts.importUnreadable');
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) {
      return;
    }
    setStep({ kind: 'reading', percent: 0 });
    let rows: ContactImportRow[];
    try {
      rows = await readCsv(file, (percent) => setStep({ kind: 'reading', percent }));
    } catch (error) {
      setStep({ kind: 'choose', error: fileProblem(error instanceof FileProblem ? error.message : '') });
      return;
    }
    setStep({ kind: 'checking', rows: rows.length });
    try {
      const preview = await previewImport(rows);
      setStep({ kind: 'preview', rows, preview, importId: crypto.randomUUID() });
    } catch (error) {
      if (isApiError(error) && error.status === 413) {
        setStep({ kind: 'choose', error: t('web.contacts.importTooLarge') });
      } else if (isApiError(error) && error.status === 422) {
        setStep({ kind: 'choose', error: serverFieldMessage(error, 'rows', t) ?? error.message });
      } else {
        setStep({ kind: 'choose' });
        showError(error, { navigate });
      }
    }
  };

  const messages: Partial<Record<string, string>> = contractMessages(t);
  const problemText = (code: string) => (isMessageId(code) ? messages[code] : undefined) ?? t('web.form.invalid');

  let progress: { value: number | null; label: string } | null = null;
  if (step.kind === 'reading') {
    progress = { value: Math.round(step.percent * 0.5), label: t('web.contacts.importReading') };
  } else if (step.kind === 'checking') {
    progress = { value: 60, label: t('web.contacts.importChecking') };
  } else if (step.kind === 'importing') {
    progress = { value: 90, label: t('web.contacts.importImporting') };
  }
  const previewed = step.kind === 'preview' || step.kind === 'importing' ? step : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>{t('web.contacts.importTitle')}</DialogTitle>
          <DialogDescription>{t('web.contacts.importDescription')}</DialogDescription>
        </DialogHeader>
        <div className="grid min-w-0 gap-4">
          {step.kind === 'choose' ? (
            <div className="grid gap-2">
              <Label htmlFor={fileId}>{t('web.contacts.importFile')}</Label>
              <Input
                id={fileId}
                type="file"
                accept=".csv,text/csv"
                onChange={(event) => void choose(event.target.files?.[0])}
              />
              {step.error ? <Alert variant="error" title={step.error} /> : null}
            </div>
          ) : null}
          {progress ? (
            <Progress value={progress.value} label={progress.label} showValue detail={progress.label} />
          ) : null}
          {previewed ? (
            <>
              <Alert
                variant={previewed.preview.invalid > 0 ? 'warning' : 'success'}
                title={t('web.contacts.importSummary', {
                  valid: previewed.preview.valid,
                  invalid: previewed.preview.invalid,
                })}
              />
              {previewed.preview.problems.length > 0 ? (
                <div className="grid min-w-0 gap-2">
                  <h3 className="font-medium text-sm">{t('web.contacts.importProblems')}</h3>
                  <div className="max-h-64 overflow-auto rounded-md border">
                    <table className="w-full text-sm">
                      <thead className="sticky top-0 bg-muted text-start">
                        <tr>
                          <th scope="col" className="px-3 py-2 text-start font-medium">
                            {t('web.contacts.importRow')}
                          </th>
                          <th scope="col" className="px-3 py-2 text-start font-medium">
                            {t('web.contacts.importColumn')}
                          </th>
                          <th scope="col" className="px-3 py-2 text-start font-medium">
                            {t('web.contacts.importProblem')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {previewed.preview.problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
                          <tr key={`${problem.row}-${problem.field}`} className="border-t">
                            <td className="px-3 py-2 tabular-nums">{number(problem.row)}</td>
                            <td className="px-3 py-2">{t(`web.contacts.column.${problem.field}`)}</td>
                            <td className="px-3 py-2">{problemText(problem.code)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                  {previewed.preview.problems.length > PROBLEMS_SHOWN ? (
                    <p className="text-muted-foreground text-sm">
                      {t('web.contacts.importMore', { count: previewed.preview.problems.length - PROBLEMS_SHOWN })}
                    </p>
                  ) : null}
                </div>
              ) : null}
            </>
          ) : null}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline" disabled={step.kind === 'importing'}>
              {t('ui.action.cancel')}
            </Button>
          </DialogClose>
          {previewed ? (
            <Button
              disabled={previewed.preview.valid === 0}
              loading={step.kind === 'importing'}
              onClick={() => {
                if (step.kind === 'preview') {
                  setStep({ ...step, kind: 'importing' });
                  save.mutate({ importId: step.importId, rows: step.rows });
                }
              }}
            >
              {t('web.contacts.importConfirm')}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export { ImportDialog };
