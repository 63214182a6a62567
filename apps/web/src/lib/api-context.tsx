import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client';
import type { TokenStore } from './token-store';

interface ApiContextValue {
  api: ApiClient;
  tokens: TokenStore;
}

const ApiContext = createContext<ApiContextValue | null>(null);

export function ApiProvider({ children, ...value }: ApiContextValue & { children: ReactNode }) {
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

function useApiContext(): ApiContextValue {
  const value = useContext(ApiContext);
  if (!value) throw new Error('useApi must be used inside <ApiProvider>');
  return value;
}

export const useApi = () => useApiContext().api;
export const useTokenStore = () => useApiContext().tokens;
