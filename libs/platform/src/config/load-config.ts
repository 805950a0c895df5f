import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Validates the environment against an env class at boot and fails fast with each variable's name and what is
 * wrong. Values are never echoed: some of them are secrets.
 */
export function loadConfig<T extends object>(cls: ClassConstructor<T>, env: NodeJS.ProcessEnv = process.env): T {
  const config = plainToInstance(cls, { ...env }, { enableImplicitConversion: true, excludeExtraneousValues: false });
  const errors = validateSync(config, { whitelist: false, validationError: { target: false, value: false } });
  if (errors.length > 0) {
    throw new ConfigError(errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join(', ')}`));
  }
  return config;
}
