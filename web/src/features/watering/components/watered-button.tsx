import type { Plant } from '@model';
import { CareJobButton, type CareJobButtonProps } from '@/features/care/components/care-job-button';

export interface WateredButtonProps extends Pick<CareJobButtonProps, 'busy' | 'align' | 'size'> {
  plant: Pick<Plant, '_id' | 'plantName' | 'lastWateredDate'>;
  /** Records the watering: today without a date, else the day picked under "watered earlier". */
  onWater: (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => void | Promise<unknown>;
}

/** The owner's one-tap watering (`Watered`, and a panel for an earlier day): the job button for watering. */
export function WateredButton({ plant, onWater, ...props }: WateredButtonProps) {
  return <CareJobButton plant={plant} job="water" lastDate={plant.lastWateredDate} onDo={onWater} {...props} />;
}
