// The ingest module offers other modules nothing: app.ts mounts its routes (pushes from Health Auto Export
// and the report builder, by ingest token).
export {};
