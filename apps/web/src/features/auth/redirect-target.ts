/** Where to go after signing in: back to the page the guard turned away, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (
    typeof from?.pathname !== 'string' ||
    !from.pathname.startsWith('/') ||
    from.pathname.startsWith('//')
  ) {
    return '/dashboard';
  }
  return from.pathname + (typeof from.search === 'string' ? from.search : '');
}
