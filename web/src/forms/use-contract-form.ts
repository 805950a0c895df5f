import { toNestErrors } from '@hookform/resolvers';
import { useMemo } from 'react';
import {
  get,
  useForm,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldErrorId } from '@/components/form-field';
import { loadContracts, prefetchContracts, type DtoName, type DtoOf } from './load-contracts';
import { apiFieldErrors } from './server-errors';

export { loadContracts, type DtoName, type DtoOf };

/** Where messages for no field of the form go (a field the form does not show, the body as a whole). */
export const FORM_ERROR = 'root.contract';

/**
 * A react-hook-form resolver that validates with the DTO the server validates with, through the same routine
 * (`validateDto`: same transforms, same rules, same first message per field), so a rule and its message exist once,
 * in libs/contracts. `toPayload` turns the form's strings into the body the page sends (blank optional fields left out).
 */
export function contractResolver<TForm extends FieldValues, N extends DtoName>(
  dto: N,
  toPayload: (values: TForm) => unknown = (values) => values,
): Resolver<TForm, unknown, DtoOf<N>> {
  return async (values, _context, options) => {
    const module = await loadContracts();
    const result = module.validateDto(module[dto] as unknown as new () => DtoOf<N>, toPayload(values));
    if (result.ok) return { values: result.value, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const [path, messages] of Object.entries(result.errors)) {
      const error: FieldError = { type: 'contract', message: messages[0] };
      if (path in options.fields) errors[path] = error;
      else errors[FORM_ERROR] ??= error;
    }
    return { values: {}, errors: toNestErrors<TForm>(errors as FieldErrors, options) };
  };
}

export interface ContractFormOptions<TForm extends FieldValues, N extends DtoName> extends Omit<
  UseFormProps<TForm, unknown, DtoOf<N>>,
  'resolver'
> {
  /** The DTO of libs/contracts the server validates this form's body with. */
  dto: N;
  /** Prefix of the controls' ids: `${idPrefix}-${name}`, the error list's `${id}-error`. */
  idPrefix: string;
  toPayload?: (values: TForm) => unknown;
}

export interface ContractForm<TForm extends FieldValues, N extends DtoName> extends UseFormReturn<TForm, unknown, DtoOf<N>> {
  /** A control's props: registered, with its id, and aria-invalid / aria-describedby while it has a message. */
  field: (name: Path<TForm>) => ReturnType<UseFormReturn<TForm>['register']> & {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
  /** A control's id, for FormField. */
  fieldId: (name: Path<TForm>) => string;
  /** A field's message for FormField (one: the first rule that fails), or undefined. */
  messages: (name: Path<TForm>) => string[] | undefined;
  /** The message for no field of the form, if any (see FORM_ERROR). */
  formMessage: string | undefined;
  /**
   * Puts the per-field messages of the server's refusal (the gateway's `fields`) under the fields and focuses the first;
   * true when there was any.
   */
  showServerErrors: (error: unknown, statuses?: readonly number[]) => boolean;
  /** The form element's props: no browser validation (the contract's messages are the ones shown), contracts loaded on focus. */
  formProps: { noValidate: true; onFocus: () => void };
}

/**
 * `useForm` validated by a DTO of libs/contracts: messages under the fields after the first submit and then as the
 * person types, focus on the first invalid field, the server's field errors mapped back onto the fields.
 */
export function useContractForm<TForm extends FieldValues, N extends DtoName>({
  dto,
  idPrefix,
  toPayload,
  ...props
}: ContractFormOptions<TForm, N>): ContractForm<TForm, N> {
  const resolver = useMemo(() => contractResolver<TForm, N>(dto, toPayload), [dto, toPayload]);
  const form = useForm<TForm, unknown, DtoOf<N>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...props,
    resolver,
  });
  const { errors } = form.formState;

  const fieldId = (name: Path<TForm>): string => `${idPrefix}-${name}`;
  const messages = (name: Path<TForm>): string[] | undefined => {
    const message = (get(errors, name) as FieldError | undefined)?.message;
    return message ? [message] : undefined;
  };
  const field: ContractForm<TForm, N>['field'] = (name) => {
    const invalid = messages(name) !== undefined;
    return {
      ...form.register(name),
      id: fieldId(name),
      'aria-invalid': invalid ? true : undefined,
      'aria-describedby': invalid ? fieldErrorId(fieldId(name)) : undefined,
    };
  };
  const showServerErrors = (error: unknown, statuses: readonly number[] = [400, 409, 422]): boolean => {
    const fields = Object.entries(apiFieldErrors(error, statuses));
    const mounted = form.control._names.mount;
    let focused = false;
    for (const [path, [message]] of fields) {
      if (mounted.has(path)) {
        form.setError(path as Path<TForm>, { type: 'server', message }, { shouldFocus: !focused });
        focused = true;
      } else {
        form.setError(FORM_ERROR as `root.${string}`, { type: 'server', message });
      }
    }
    return fields.length > 0;
  };
  const formMessage = (get(errors, FORM_ERROR) as FieldError | undefined)?.message;

  return {
    ...form,
    field,
    fieldId,
    messages,
    formMessage,
    showServerErrors,
    formProps: { noValidate: true, onFocus: prefetchContracts },
  };
}
