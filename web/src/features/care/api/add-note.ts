import type { PlantEvent } from '@model/plant-events';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

export interface NoteInput {
  /** 1 to 1,000 characters. */
  text: string;
  /** The note's day (YYYY-MM-DD); the server's day without it. */
  date?: string;
  /** One of the plant's photos the note is about. */
  photoId?: string;
}

/** POST /mango/:id/notes (its owner, or anyone of the household it is shared with (a sitter until their last day)): adds a dated note to the plant's journal. Answers the note's event. */
export function addNote(id: string, note: NoteInput): Promise<PlantEvent> {
  return apiFetch<PlantEvent>(`${plantPath(id)}/notes`, { method: 'POST', body: note, auth: 'required' });
}
