export * from './agp';
