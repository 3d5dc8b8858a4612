import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RuleResult } from '@/lib/account-rules';

type Rules<K extends string> = Record<K, (values: Record<K, string>) => RuleResult>;

/**
 * Field values and error keys for the small account forms. Errors are auth-namespace keys, translated at
 * render time so a language switch re-labels them.
 */
export const useAccountForm = <K extends string>(initial: Record<K, string>, rules: Rules<K>) => {
  const { t } = useTranslation('auth');
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});

  const setError = useCallback((field: K, error: RuleResult) => {
    setErrors((current) => ({ ...current, [field]: error ?? undefined }));
  }, []);

  const setValue = useCallback((field: K, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  }, []);

  const validateField = (field: K): boolean => {
    const error = rules[field](values);
    setError(field, error);
    return error === null;
  };

  /** Runs every rule; a field already holding a server-side error (e.g. "already exists") stays invalid. */
  const validateAll = (): boolean => {
    const next: Partial<Record<K, string>> = {};
    let isValid = true;
    for (const field of Object.keys(rules) as K[]) {
      const error = rules[field](values) ?? errors[field] ?? null;
      if (error) {
        next[field] = error;
        isValid = false;
      }
    }
    setErrors(next);
    return isValid;
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
  };

  /** The value, change handler and translated error of one field, spread onto its Mantine input. */
  const inputProps = (field: K) => {
    const error = errors[field];
    return {
      value: values[field],
      onChange: (event: { currentTarget: { value: string } }) => setValue(field, event.currentTarget.value),
      error: error && t(error),
    };
  };

  return { values, errors, setValue, setError, validateField, validateAll, reset, inputProps };
};
