import type { PublicConfig } from '@pillars/contracts';
import { createContext, useContext } from 'react';
import { defaultPublicConfig } from './public-config';

export const PublicConfigContext = createContext<PublicConfig>(defaultPublicConfig);

export function usePublicConfig(): PublicConfig {
  return useContext(PublicConfigContext);
}
