export * from './care';
export * from './plant.model';
export * from './schedule';
export * from './stats.model';
export * from './plant-events';
export * from './care-tasks';
export * from './photo.model';
export * from './household';
