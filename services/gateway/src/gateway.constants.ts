export const GATEWAY_CONFIG = 'GATEWAY_CONFIG';

export interface GatewayConfig {
  /** Admin routes answer 403 while no admin key is configured. */
  adminKey: string | null;
  maxBodyBytes: number;
  /** The built web UI (apps/web/dist) served at `/`; null serves none. */
  webDir: string | null;
}

export const HEALTH_CHECKS = 'HEALTH_CHECKS';

export interface HealthCheck {
  name: string;
  check(): Promise<void>;
}
