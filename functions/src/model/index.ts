export * from './plant.model';
