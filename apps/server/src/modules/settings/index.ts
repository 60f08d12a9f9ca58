// The settings module offers other modules nothing: app.ts mounts its routes and builds the export and the
// account restore.
export {};
