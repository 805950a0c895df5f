import type * as Contracts from '@paymarket/contracts';

export type ContractsModule = typeof Contracts;

/** The export name of a class in the contracts (a DTO), so a page names its DTO without importing the barrel. */
export type DtoName = {
  [K in keyof ContractsModule]: ContractsModule[K] extends abstract new (...args: never[]) => object ? K : never;
}[keyof ContractsModule];

/** What a DTO's validation hands the submit handler: the class instance, trimmed and normalised as the server has it. */
export type DtoOf<N extends DtoName> = InstanceType<ContractsModule[N]>;

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

/**
 * Loads the contracts ahead of a form's first validation, once the browser has painted what the focus that asks for
 * them changed: the focus often comes with a dialog that has just opened, and evaluating the barrel is a long task
 * that would otherwise hold that dialog's first frame (P7: "Post New Request"). Where frames are not painted (a
 * background tab, a test), in a task of its own.
 */
export function prefetchContracts(): void {
  const load = () => setTimeout(() => void loadContracts().catch(() => undefined), 0);
  if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') requestAnimationFrame(load);
  else load();
}

/**
 * The named DTO's verdict on a body, by the routine the server runs (`validateDto`): for the forms that cannot ship
 * react-hook-form (prerendered pages with a JavaScript budget); every other form uses `useContractForm`.
 */
export async function validateContract<N extends DtoName>(dto: N, payload: unknown): Promise<Contracts.ValidationResult<DtoOf<N>>> {
  const module = await loadContracts();
  return module.validateDto(module[dto] as unknown as new () => DtoOf<N>, payload);
}
