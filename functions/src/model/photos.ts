/**
 * Plant photos, shared by the API and the web app. Pure types and constants: no zod, so any page
 * can import it (the schemas are in photo.model.ts).
 */

/**
 * The image of a plant that has none of its own: the dashboard's Add Item stores it, and a plant
 * whose last photo is deleted shows it again. A plant with it (or with no image) takes its first
 * photo as its cover.
 */
export const PLACEHOLDER_PLANT_IMAGE = '/images/placeholder-plant.webp';

export const PHOTO_LIMITS = {
  /** The largest upload: 10 MB. */
  bytes: 10 * 1024 * 1024,
  /** The most pixels an upload may have (width times height): 40 megapixels. */
  pixels: 40_000_000,
  /** Photos one plant may keep. */
  perPlant: 20,
  /** Characters of a caption. */
  caption: 200,
  /** The long edge of the photo as served, in pixels at most. */
  fullEdge: 1600,
  /** The long edge of its card size, for lists' cards on phones, in pixels at most. */
  cardEdge: 800,
  /** The long edge of its thumbnail, in pixels at most. */
  thumbEdge: 400,
} as const;

/** What an upload may send, as its Content-Type. */
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** A photo as the API answers it. */
export interface Photo {
  _id: string;
  /** The photo, at most PHOTO_LIMITS.fullEdge pixels on its long edge: a path on this site. */
  url: string;
  /** The same at most PHOTO_LIMITS.cardEdge pixels: a card's width on a phone's screen. */
  cardUrl: string;
  /** Its thumbnail, at most PHOTO_LIMITS.thumbEdge pixels on its long edge. */
  thumbUrl: string;
  /** The size of `url`'s image as displayed (upright), in pixels. */
  width: number;
  height: number;
  /** null when the photo has none. */
  caption: string | null;
  /** The day the photo was taken, YYYY-MM-DD. */
  takenOn: string;
  /** When it was uploaded (ISO). */
  createdAt: string;
}

/** Whether a plant's image is its own (a URL someone chose), rather than none or the placeholder. */
export function hasOwnImage(image: string | undefined): boolean {
  return image !== undefined && image !== '' && image !== PLACEHOLDER_PLANT_IMAGE;
}
