export * from './summary';
export * from './distributions';
export * from './mann-kendall';
export * from './theil-sen';
export * from './regression';
export * from './correlation';
export * from './moving-median';
