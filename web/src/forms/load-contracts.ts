import type * as Contracts from '@paymarket/contracts';

export type ContractsModule = typeof Contracts;

let contracts: Promise<ContractsModule> | undefined;

/**
 * The contracts' barrel, every DTO and class-validator with it: far too heavy for a page's first JavaScript (ADR 0044,
 * P5), so it is loaded the first time a form is focused or submitted, once for the whole app. A failed load (offline)
 * is forgotten, so the next attempt tries again. Its own module, free of react-hook-form, so a prerendered page with a
 * JavaScript budget (/payment) validates with it without shipping the form library (ADR 0056).
 */
export function loadContracts(): Promise<ContractsModule> {
  contracts ??= import('@paymarket/contracts').catch((error: unknown) => {
    contracts = undefined;
    throw error;
  });
  return contracts;
}
