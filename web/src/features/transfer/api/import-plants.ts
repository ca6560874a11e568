import type { ExportFormat, ImportResult } from '@model/transfer';
import { apiFetch } from '@/lib/api-client';

const CONTENT_TYPES: Record<ExportFormat, string> = { json: 'application/json', csv: 'text/csv' };

/**
 * POST /mango/import (signed in): the file as it is, JSON (an export) or CSV. A dry run answers
 * what would happen and stores nothing; a real one adds every plant or none.
 */
export function importPlants(file: Blob, format: ExportFormat, dryRun: boolean): Promise<ImportResult> {
  return apiFetch<ImportResult>(`/mango/import?dryRun=${dryRun ? 1 : 0}`, {
    method: 'POST',
    auth: 'required',
    // The file's own type is whatever the system says (Windows calls CSV application/vnd.ms-excel).
    file: new Blob([file], { type: CONTENT_TYPES[format] }),
  });
}
