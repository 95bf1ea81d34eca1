/**
 * What most `mnemo` commands start from, loaded when a command runs rather than when the command
 * table is read: `mnemo --help` loads no configuration schema, logger or service (docs/cli.md).
 */
export async function configAndLogger() {
  const [{ loadConfig }, { createLogger }] = await Promise.all([
    import('./platform.config'),
    import('./logger'),
  ]);
  const config = loadConfig();
  return { config, logger: createLogger(config.LOG_LEVEL) };
}
