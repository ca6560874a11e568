import type { ExportFormat, ImportResult } from '@model/transfer';
import { IMPORT_MAX_BYTES, IMPORT_MAX_PLANTS } from '@model/transfer';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { ApiError } from '@/lib/api-client';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { preloadToasts, toast } from '@/lib/toast';
import { apiErrorSentence, useApiError, type CodeSentences } from '@/lib/use-api-error';
import { exportPlants, type ExportedFile } from '../api/export-plants';
import { importPlants } from '../api/import-plants';

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70';
const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
const fileClass =
  'block w-full min-w-0 text-sm text-slate-800 dark:text-slate-200 file:mr-3 file:rounded-lg file:border-0 file:bg-leaf-700 file:px-4 file:py-2.5 file:font-semibold file:text-white hover:file:bg-leaf-800';
const subheadingClass = 'text-base font-semibold text-slate-900 dark:text-white';
const textClass = 'text-sm text-slate-700 dark:text-slate-300';

/** How many of the plants to add (or rows to skip) the preview names; the rest are counted. */
const NAMED_IN_PREVIEW = 20;

const messages = defineMessages({
  imported: {
    id: 'transfer.imported',
    message: '{count, plural, one {Imported # plant.} other {Imported # plants.}}',
  },
  importedSkipped: {
    id: 'transfer.importedSkipped',
    message:
      '{count, plural, one {Imported # plant.} other {Imported # plants.}} {skipped, plural, one {# row was already in your list and skipped.} other {# rows were already in your list and skipped.}}',
  },
  downloaded: { id: 'transfer.downloaded', message: 'Downloaded {file}.' },
  exportFailed: { id: 'transfer.exportFailed', message: 'Your plants could not be exported. Please try again.' },
  notCsvOrJson: {
    id: 'transfer.notCsvOrJson',
    message: '{name} is not a CSV or JSON file. Choose a .csv or .json file, such as an export.',
  },
  tooLarge: {
    id: 'transfer.tooLarge',
    message: '{name} is larger than 2 MB, the most one import takes. Split it into smaller files.',
  },
  checkFailed: { id: 'transfer.checkFailed', message: 'The file could not be checked. Please try again.' },
  importFailed: {
    id: 'transfer.importFailed',
    message: 'The plants could not be imported. Nothing was stored. Please try again.',
  },
  quota: {
    id: 'transfer.refused.quota',
    message: 'These plants would take you past the most plants one account can have. Delete some plants or add fewer.',
  },
  rateLimited: {
    id: 'transfer.refused.rateLimited',
    message: 'That is more than Mango Grove Tracker allows right now. Please wait a while and try again.',
  },
  fileTooLarge: {
    id: 'transfer.refused.fileTooLarge',
    message:
      'The file is too large: an import takes at most {max, number} plants and 2 MB. Split it into smaller files.',
  },
  malformedCsv: {
    id: 'transfer.refused.malformedCsv',
    message: 'The file could not be read as CSV. Save the spreadsheet as CSV, with a header row, and choose it again.',
  },
  malformedJson: {
    id: 'transfer.refused.malformedJson',
    message: 'The file could not be read as an export of Mango Grove Tracker. Choose a JSON export, or a CSV file.',
  },
  title: { id: 'transfer.title', message: 'Export and import' },
  lead: { id: 'transfer.lead', message: 'Your plants are yours: download them, or bring plants in from a file.' },
  exportHeading: { id: 'transfer.exportHeading', message: 'Export' },
  exportHint: {
    id: 'transfer.exportHint',
    message: "CSV opens in any spreadsheet; JSON also holds each plant's care history.",
  },
  export: { id: 'transfer.export', message: 'Export {format}' },
  exporting: { id: 'transfer.exporting', message: 'Exporting {format}...' },
  importHeading: { id: 'transfer.importHeading', message: 'Import' },
  chooseFile: { id: 'transfer.chooseFile', message: 'Choose a CSV or JSON file' },
  fileHint: {
    id: 'transfer.fileHint',
    message:
      'An export of Mango Grove Tracker, or a spreadsheet saved as CSV with a header row (plantName, category, careLevel, ...). At most {max, number} plants and 2 MB. You see what it will do before anything is stored.',
  },
  checking: { id: 'transfer.checking', message: 'Checking {name}...' },
  importing: {
    id: 'transfer.importing',
    message: 'Importing {count, plural, one {# plant} other {# plants}} from {name}...',
  },
  nothingToImport: {
    id: 'transfer.preview.nothing',
    message:
      'Nothing to import from {name}: {skipped, select, yes {every plant in it is already in your list.} other {it holds no plants.}}',
  },
  toAdd: {
    id: 'transfer.preview.toAdd',
    message: '{name}: {count, plural, one {# plant} other {# plants}} to add.',
  },
  toAddAndSkip: {
    id: 'transfer.preview.toAddAndSkip',
    message:
      '{name}: {count, plural, one {# plant} other {# plants}} to add, {skipped, plural, one {# row} other {# rows}} to skip.',
  },
  previewHeading: { id: 'transfer.preview.heading', message: 'Import preview' },
  problems: {
    id: 'transfer.preview.problems',
    message:
      '{count, plural, one {One problem in the file, so nothing can be imported. Correct it in the file and choose it again.} other {# problems in the file, so nothing can be imported. Correct them in the file and choose it again.}}',
  },
  problemsLabel: { id: 'transfer.preview.problemsLabel', message: 'Problems' },
  problem: { id: 'transfer.preview.problem', message: 'Row {row}, {field}: {problem}' },
  plantsToAdd: { id: 'transfer.preview.plantsToAdd', message: 'Plants to add' },
  andMore: { id: 'transfer.preview.andMore', message: 'and {count, number} more' },
  rowsToSkipHeading: { id: 'transfer.preview.rowsToSkipHeading', message: 'Rows to skip: already in your list' },
  rowsToSkip: { id: 'transfer.preview.rowsToSkip', message: 'Rows to skip' },
  skippedRow: { id: 'transfer.preview.skippedRow', message: 'Row {row}: {name}' },
  confirmCount: {
    id: 'transfer.preview.confirmCount',
    message: 'Confirm import of {count, plural, one {# plant} other {# plants}}',
  },
  confirm: { id: 'transfer.preview.confirm', message: 'Confirm import' },
  cancel: { id: 'transfer.preview.cancel', message: 'Cancel' },
});

/**
 * The web's sentence for each refusal of the server it knows, by code; in English the server's
 * own sentence is shown instead, since it has the figures (how many plants, how long to wait).
 */
const REFUSALS: CodeSentences = {
  quota_exceeded: messages.quota,
  rate_limited: messages.rateLimited,
  payload_too_large: messages.fileTooLarge,
  malformed_csv: messages.malformedCsv,
  malformed_json: messages.malformedJson,
  invalid_body: messages.malformedJson,
};

type ImportState =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'preview'; name: string; file: File; format: ExportFormat; result: ImportResult }
  | { step: 'importing'; name: string; count: number };

/** The file's format by its name, else by the type the system gives it. */
function formatOf(file: File): ExportFormat | null {
  if (/\.csv$/i.test(file.name) || file.type === 'text/csv' || file.type === 'application/vnd.ms-excel') return 'csv';
  if (/\.json$/i.test(file.name) || file.type === 'application/json') return 'json';
  return null;
}

/** Hands the browser a file to save, as a link to it would. */
function saveFile({ blob, filename }: ExportedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns: keep it for a while.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

function importedMessage({ created, skipped }: ImportResult): string {
  return skipped
    ? translate(messages.importedSkipped, { count: created, skipped })
    : translate(messages.imported, { count: created });
}

/**
 * Export and import on My Plants. Export downloads the user's plants (CSV or JSON) fetched with
 * their token. Import sends the chosen file for a dry run first, shows what it would do (the plants
 * it adds, the rows it skips, every error with its row and field), and imports only on Confirm.
 */
export function TransferPanel({ className = '', onImported }: { className?: string; onImported: () => void }) {
  const handleApiError = useApiError();
  const t = useT();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const [exportNotice, setExportNotice] = useState('');
  const [exportError, setExportError] = useState('');
  const [state, setState] = useState<ImportState>({ step: 'idle' });
  const [importError, setImportError] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const fileId = useId();
  const fileHintId = useId();

  const describe = (error: unknown, fallback: string) => {
    // A 403 (the plant quota) and a 429 (the write budget) carry the server's own sentence.
    const mine =
      error instanceof ApiError && (Object.hasOwn(REFUSALS, error.code) || [403, 429].includes(error.status));
    return mine ? apiErrorSentence(error, REFUSALS, { max: IMPORT_MAX_PLANTS }) : handleApiError(error, fallback);
  };

  const download = async (format: ExportFormat) => {
    setExporting(format);
    setExportNotice('');
    setExportError('');
    try {
      const file = await exportPlants(format);
      saveFile(file);
      setExportNotice(translate(messages.downloaded, { file: file.filename }));
    } catch (error) {
      const message = describe(error, t(messages.exportFailed));
      if (message) setExportError(message);
    } finally {
      setExporting(null);
    }
  };

  const clearFile = () => {
    if (fileRef.current) fileRef.current.value = '';
  };

  const check = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setImportError('');
    if (!file) {
      setState({ step: 'idle' });
      return;
    }
    const format = formatOf(file);
    if (!format) {
      setState({ step: 'idle' });
      setImportError(t(messages.notCsvOrJson, { name: file.name }));
      return;
    }
    if (file.size > IMPORT_MAX_BYTES) {
      setState({ step: 'idle' });
      setImportError(t(messages.tooLarge, { name: file.name }));
      return;
    }
    preloadToasts();
    setState({ step: 'checking', name: file.name });
    try {
      const result = await importPlants(file, format, true);
      setState({ step: 'preview', name: file.name, file, format, result });
    } catch (error) {
      setState({ step: 'idle' });
      const message = describe(error, t(messages.checkFailed));
      if (message) setImportError(message);
    }
  };

  const confirm = async () => {
    if (state.step !== 'preview') return;
    const { name, file, format, result: preview } = state;
    setImportError('');
    setState({ step: 'importing', name, count: preview.created });
    try {
      const result = await importPlants(file, format, false);
      setState({ step: 'idle' });
      clearFile();
      void toast.success(importedMessage(result));
      onImported();
    } catch (error) {
      setState({ step: 'idle' });
      clearFile();
      const message = describe(error, t(messages.importFailed));
      if (message) setImportError(message);
    }
  };

  const cancel = () => {
    setState({ step: 'idle' });
    setImportError('');
    clearFile();
  };

  const busy = state.step === 'checking' || state.step === 'importing';

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      <p className={`mt-1 ${textClass}`}>{t(messages.lead)}</p>

      <div className="mt-4 space-y-3">
        <h3 className={subheadingClass}>{t(messages.exportHeading)}</h3>
        <p className={textClass}>{t(messages.exportHint)}</p>
        <div className="flex flex-wrap gap-3">
          {(['csv', 'json'] as const).map((format) => (
            <button
              key={format}
              type="button"
              onClick={() => void download(format)}
              disabled={exporting !== null}
              aria-busy={exporting === format}
              className={secondaryClass}
            >
              {t(exporting === format ? messages.exporting : messages.export, { format: format.toUpperCase() })}
            </button>
          ))}
        </div>
        {exportError && <Banner tone="error">{exportError}</Banner>}
        <p role="status" className="text-sm font-medium text-slate-900 empty:hidden dark:text-slate-100">
          {exportNotice}
        </p>
      </div>

      <div className="mt-6 space-y-3">
        <h3 className={subheadingClass}>{t(messages.importHeading)}</h3>
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-semibold text-slate-900 dark:text-slate-100">
            {t(messages.chooseFile)}
          </label>
          <input
            ref={fileRef}
            id={fileId}
            type="file"
            accept=".csv,.json,text/csv,application/json"
            aria-describedby={fileHintId}
            disabled={busy}
            onChange={(event) => void check(event)}
            className={fileClass}
          />
          <p id={fileHintId} className={`mt-1.5 ${textClass}`}>
            {t(messages.fileHint, { max: IMPORT_MAX_PLANTS })}
          </p>
        </div>

        {importError && <Banner tone="error">{importError}</Banner>}

        <div role="status" className="text-sm font-medium text-slate-900 empty:hidden dark:text-slate-100">
          {state.step === 'checking' && t(messages.checking, { name: state.name })}
          {state.step === 'importing' && t(messages.importing, { count: state.count, name: state.name })}
        </div>

        {state.step === 'preview' && (
          <ImportPreview name={state.name} result={state.result} onConfirm={() => void confirm()} onCancel={cancel} />
        )}
      </div>
    </section>
  );
}

function ImportPreview({
  name,
  result,
  onConfirm,
  onCancel,
}: {
  name: string;
  result: ImportResult;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const headingId = useId();
  const t = useT();
  const { created, skipped, errors, plants, skippedRows } = result;
  const canImport = errors.length === 0 && created > 0;
  const summary =
    created === 0 && errors.length === 0
      ? t(messages.nothingToImport, { name, skipped: skipped ? 'yes' : 'no' })
      : skipped
        ? t(messages.toAddAndSkip, { name, count: created, skipped })
        : t(messages.toAdd, { name, count: created });

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-300 p-4 dark:border-slate-700"
    >
      <h4 id={headingId} className={subheadingClass}>
        {t(messages.previewHeading)}
      </h4>
      <p className={textClass}>{summary}</p>

      {errors.length > 0 && (
        <div className="space-y-2">
          <Banner tone="error">{t(messages.problems, { count: errors.length })}</Banner>
          <ul
            aria-label={t(messages.problemsLabel)}
            className="list-disc space-y-1 pl-5 text-sm text-red-800 dark:text-red-200"
          >
            {errors.map((error) => (
              <li key={`${error.row}-${error.field}`}>
                {t(messages.problem, { row: error.row, field: error.field, problem: error.message })}
              </li>
            ))}
          </ul>
        </div>
      )}

      {plants.length > 0 && (
        <div>
          <h5 className="text-sm font-semibold text-slate-900 dark:text-white">{t(messages.plantsToAdd)}</h5>
          <ul aria-label={t(messages.plantsToAdd)} className={`mt-1 list-disc space-y-0.5 pl-5 ${textClass}`}>
            {plants.slice(0, NAMED_IN_PREVIEW).map((plant) => (
              <li key={plant.row} className="break-words">
                {plant.plantName} ({plant.category})
              </li>
            ))}
            {plants.length > NAMED_IN_PREVIEW && (
              <li>{t(messages.andMore, { count: plants.length - NAMED_IN_PREVIEW })}</li>
            )}
          </ul>
        </div>
      )}

      {skippedRows.length > 0 && (
        <div>
          <h5 className="text-sm font-semibold text-slate-900 dark:text-white">{t(messages.rowsToSkipHeading)}</h5>
          <ul aria-label={t(messages.rowsToSkip)} className={`mt-1 list-disc space-y-0.5 pl-5 ${textClass}`}>
            {skippedRows.slice(0, NAMED_IN_PREVIEW).map((row) => (
              <li key={row.row} className="break-words">
                {t(messages.skippedRow, { row: row.row, name: row.plantName || row._id })}
              </li>
            ))}
            {skippedRows.length > NAMED_IN_PREVIEW && (
              <li>{t(messages.andMore, { count: skippedRows.length - NAMED_IN_PREVIEW })}</li>
            )}
          </ul>
        </div>
      )}

      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={onConfirm} disabled={!canImport} className={primaryClass}>
          {canImport ? t(messages.confirmCount, { count: created }) : t(messages.confirm)}
        </button>
        <button type="button" onClick={onCancel} className={secondaryClass}>
          {t(messages.cancel)}
        </button>
      </div>
    </section>
  );
}
