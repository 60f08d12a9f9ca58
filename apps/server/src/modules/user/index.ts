// The user module's door: the person's data-source preferences, as export and restore read them.
export type { UserDataSourcesRepository } from './user-data-sources.repository';
