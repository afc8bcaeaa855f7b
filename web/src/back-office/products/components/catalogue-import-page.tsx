import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import type { CatalogueImportReport } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { btn, card, input, label, td, th } from '../../components/styles';
import { importProgress, useImportCatalogueMutation, type ImportProgress } from '../api/catalogue-sheet-api';
import { knownImportMessage } from './import-messages';

/** A refused import's answer: the report (400 with row errors) or only a message (a bad file). */
function refusal(error: unknown): { report?: CatalogueImportReport; message?: string } {
  const data = (error as { data?: Partial<CatalogueImportReport> & { message?: string } })?.data;
  if (data && Array.isArray(data.errors) && typeof data.created === 'number') {
    return { report: data as CatalogueImportReport };
  }
  return { message: typeof data?.message === 'string' ? data.message : undefined };
}

function ReportTable({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation(['admin']);
  const messageOf = (message: string) => {
    const known = knownImportMessage(message);
    return known
      ? t(`products.sheets.problems.${known.key}`, { ...known.values, defaultValue: message })
      : message;
  };
  return (
    <div className="space-y-3">
      <p role="status">
        {t('products.sheets.counts', {
          created: report.created,
          updated: report.updated,
          unchanged: report.unchanged,
        })}
      </p>
      {report.errors.length > 0 && (
        <div className={`${card} overflow-x-auto`}>
          <table className="min-w-full divide-y divide-stone-200">
            <caption className="p-3 text-left font-medium text-red-800">
              {t('products.sheets.errorsCaption', { count: report.errors.length })}
            </caption>
            <thead>
              <tr>
                <th className={th}>{t('products.sheets.row')}</th>
                <th className={th}>{t('products.sheets.column')}</th>
                <th className={th}>{t('products.sheets.message')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {report.errors.map((error, index) => (
                <tr key={`${error.row}-${error.column}-${index}`}>
                  <td className={td}>{error.row}</td>
                  <td className={`${td} font-mono`}>{error.column}</td>
                  <td className={td}>{messageOf(error.message)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** What the server is doing with the file, with a bar once it tells how far it has come. */
function ImportProgressLine({
  step,
  progress,
}: {
  step: 'check' | 'apply';
  progress: ImportProgress | null;
}) {
  const { t } = useTranslation(['admin']);
  return (
    <div role="status" aria-busy="true" className="space-y-1">
      <p>{t(step === 'check' ? 'products.sheets.checking' : 'products.sheets.applying')}</p>
      {progress && (
        <>
          <progress className="w-full" max={progress.total} value={progress.done} />
          <p className="text-sm text-stone-700">
            {t(
              progress.phase === 'check' ? 'products.sheets.progressCheck' : 'products.sheets.progressWrite',
              {
                done: progress.done,
                total: progress.total,
              },
            )}
          </p>
        </>
      )}
    </div>
  );
}

/** What the import changed, once applied. */
function AppliedLine({ report }: { report: CatalogueImportReport }) {
  const { t } = useTranslation(['admin']);
  const { created, updated, unchanged } = report;
  return (
    <p role="status" className="font-medium text-green-800">
      {t('products.sheets.done', { created, updated, unchanged })}
    </p>
  );
}

/** Bringing a spreadsheet into the catalogue: a dry run's report first, then all rows or none. */
export function CatalogueImportPage() {
  const { t } = useTranslation(['admin']);
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<CatalogueImportReport | null>(null);
  const [applied, setApplied] = useState<CatalogueImportReport | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [importCatalogue, state] = useImportCatalogueMutation();
  const [step, setStep] = useState<'check' | 'apply'>('check');
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  useEffect(() => {
    const listener = (event: Event) => setProgress((event as CustomEvent<ImportProgress>).detail);
    importProgress.addEventListener('progress', listener);
    return () => importProgress.removeEventListener('progress', listener);
  }, []);

  async function send(dryRun: boolean) {
    if (!file) return;
    setStep(dryRun ? 'check' : 'apply');
    setFailure(null);
    setApplied(null);
    setProgress(null);
    try {
      const report = await importCatalogue({ file, dryRun }).unwrap();
      if (dryRun) setChecked(report);
      else setApplied(report);
    } catch (error) {
      const { report, message } = refusal(error);
      if (report) setChecked(report);
      else {
        setChecked(null);
        setFailure(message ? t('products.sheets.refused', { message }) : t('products.sheets.failed'));
      }
    }
  }

  const canApply =
    checked !== null && !applied && checked.errors.length === 0 && checked.created + checked.updated > 0;

  return (
    <div className="max-w-4xl space-y-5">
      <Link to="/admin/products" className="text-sm text-brand-700 underline">
        {t('products.sheets.back')}
      </Link>
      <h1 className="text-2xl font-semibold text-stone-900">{t('products.sheets.importTitle')}</h1>
      <p className="text-sm text-stone-700">{t('products.sheets.importHelp')}</p>
      <div>
        <label htmlFor={fileId} className={label}>
          {t('products.sheets.file')}
        </label>
        <input
          id={fileId}
          type="file"
          accept=".xlsx,.csv,.zip,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/zip"
          className={input}
          onChange={(event) => {
            setFile(event.currentTarget.files?.[0] ?? null);
            setChecked(null);
            setApplied(null);
            setFailure(null);
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={btn.secondary}
          disabled={!file || state.isLoading}
          onClick={() => void send(true)}
        >
          {t('products.sheets.check')}
        </button>
        <button
          type="button"
          className={btn.primary}
          disabled={!canApply || state.isLoading}
          onClick={() => void send(false)}
        >
          {t('products.sheets.apply')}
        </button>
      </div>
      <div aria-live="polite">
        {state.isLoading && <ImportProgressLine step={step} progress={progress} />}
        {failure && (
          <p role="alert" className="text-red-800">
            {failure}
          </p>
        )}
        {applied && <AppliedLine report={applied} />}
      </div>
      {checked && !applied && !state.isLoading && <ReportTable report={checked} />}
    </div>
  );
}
