import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** DELETE /mango/:id/notes/:noteId (its owner, or anyone of the household it is shared with (a sitter until their last day)): removes a note from the plant's journal. */
export async function deleteNote(id: string, noteId: string): Promise<void> {
  await apiFetch<{ deletedCount: number }>(`${plantPath(id)}/notes/${encodeURIComponent(noteId)}`, {
    method: 'DELETE',
    auth: 'required',
  });
}
