import type { Plant } from '@model';
import { PlantImage } from '@/components/plant-image';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  noImage: { id: 'plants.photo.none', message: 'No image available' },
});

interface PlantPhotoProps {
  plant: Pick<Plant, 'image' | 'plantName' | 'cardUrl' | 'thumbUrl'>;
  /** The rendered box; the image keeps a 4:3 frame so nothing moves when it arrives. */
  className?: string;
  /** Lazy by default; the first screenful can ask for 'eager'. */
  loading?: 'lazy' | 'eager';
  fetchPriority?: 'high' | 'low' | 'auto';
  width?: number;
  height?: number;
  /** The width the image is shown at, for picking the thumbnail or the photo (`<img sizes>`). */
  sizes?: string;
}

/**
 * A plant's picture in a fixed 4:3 frame: the image (the placeholder when it fails to load), or
 * 'No image available' when the plant has none.
 */
export function PlantPhoto({
  plant,
  className = '',
  loading = 'lazy',
  fetchPriority,
  width = 800,
  height = 600,
  sizes,
}: PlantPhotoProps) {
  const t = useT();
  if (!plant.image?.trim()) {
    return (
      <div className={`relative aspect-[4/3] w-full overflow-hidden bg-slate-100 dark:bg-slate-800 ${className}`}>
        <PlantImage
          src={null}
          alt=""
          width={width}
          height={height}
          loading={loading}
          className="size-full object-cover opacity-40"
        />
        <p className="absolute inset-0 flex items-center justify-center p-4 text-center font-semibold text-slate-800 dark:text-slate-100">
          {t(messages.noImage)}
        </p>
      </div>
    );
  }
  return (
    <PlantImage
      plant={plant}
      sizes={sizes}
      width={width}
      height={height}
      loading={loading}
      fetchPriority={fetchPriority}
      className={`aspect-[4/3] w-full bg-slate-100 object-cover dark:bg-slate-800 ${className}`}
    />
  );
}
