import type { LogsConfig } from '../logs.config';

export interface ConfiguredSource {
  kind: 'journald' | 'file';
  sourceId: string;
  enabled: boolean;
}

/** The host's sources the configuration names: journald (on or off) and each tailed file. */
export function configuredSources(config: LogsConfig): ConfiguredSource[] {
  return [
    { kind: 'journald', sourceId: journaldSourceId(config), enabled: config.journald.enabled },
    ...config.files.map((file) => ({
      kind: 'file' as const,
      sourceId: `file:${file}`,
      enabled: true,
    })),
  ];
}

/** A journal directory is a source of its own: its cursors mean nothing to another journal. */
export function journaldSourceId(config: LogsConfig): string {
  return config.journald.directory ? `journald:${config.journald.directory}` : 'journald';
}
