interface Window {
  /** Written by the hosting page (SPEC §1); validated at start-up by config/runtime-config.ts. */
  __PORTAL_CONFIG__?: unknown;
}
