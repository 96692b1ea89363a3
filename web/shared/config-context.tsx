import { createContext, use } from 'react'
import type { AppConfig } from './config.ts'

export const ConfigContext = createContext<AppConfig | null>(null)

export function useConfig(): AppConfig {
  const config = use(ConfigContext)
  if (!config) throw new Error('useConfig outside <ConfigContext>')
  return config
}
