import { api } from '../../lib/api';

export const fetchSessions = () => api.get('/api/identity/sessions');
export const endSession = (id: string) => api.delete('/api/identity/sessions/:id', { params: { id } });
export const signOutEverywhere = () => api.post('/api/identity/logout-everywhere');
