import { createContext, useContext } from 'react';
import type { ApiClient } from './apiClient.ts';

export const ApiContext = createContext<ApiClient | null>(null);

export function useApi(): ApiClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi outside ApiContext');
  return client;
}
