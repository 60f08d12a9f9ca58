// The health module offers other modules nothing: app.ts mounts its routes (liveness and readiness).
export {};
