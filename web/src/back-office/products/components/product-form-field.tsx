import type { ReactNode } from 'react';
import { fieldError, label } from '../../components/styles';
import type { ProductFormValues } from '../lib/product-form-model';

type Key = keyof ProductFormValues;

/** What every section of the product form gets from the form that owns the values. */
export interface ProductFormSectionProps {
  values: ProductFormValues;
  /** Element ids of the form: the error focus looks a field up by its key. */
  id: (name: string) => string;
  error: (key: Key) => string | undefined;
  /** aria-invalid and aria-describedby for a field that has an error. */
  aria: (key: Key) => { 'aria-invalid'?: true; 'aria-describedby'?: string };
  set: <K extends Key>(key: K, value: ProductFormValues[K]) => void;
}

/** A labelled field with its error under it (the error's id is what aria-describedby names). */
export function Field({
  id,
  text,
  error,
  children,
  required,
}: {
  id: string;
  text: string;
  error?: string;
  children: ReactNode;
  required?: boolean;
}) {
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
