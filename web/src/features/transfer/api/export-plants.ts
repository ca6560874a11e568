import type { ExportFormat } from '@model/transfer';
import { apiFetch } from '@/lib/api-client';

export interface ExportedFile {
  blob: Blob;
  /** The dated name the server gave the file (Content-Disposition). */
  filename: string;
}

/** GET /mango/export (signed in): the user's plants as a file to download, JSON (with care history) or CSV. */
export async function exportPlants(format: ExportFormat): Promise<ExportedFile> {
  const response = await apiFetch<Response>(`/mango/export?format=${format}`, { auth: 'required', read: 'response' });
  const named = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? `mango-grove-plants.${format}` };
}
