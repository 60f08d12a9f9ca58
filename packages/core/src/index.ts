export * from './errors';
export * from './envelope';
export * from './health';
export * from './identity';
export * from './profile';
export * from './waitlist';
