// The analytics module offers other modules nothing: app.ts mounts its route (GET /api/analytics).
export {};
