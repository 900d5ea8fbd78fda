import { createContext, type ReactNode, useContext } from 'react';
import { getPlatform } from './get-platform.ts';
import type { Platform } from './platform.ts';

const PlatformContext = createContext<Platform | null>(null);

export function PlatformProvider({ platform, children }: { platform: Platform; children: ReactNode }) {
  return <PlatformContext.Provider value={platform}>{children}</PlatformContext.Provider>;
}

/** The platform adapter for components; falls back to the detected platform outside a provider. */
export function usePlatform(): Platform {
  return useContext(PlatformContext) ?? getPlatform();
}
