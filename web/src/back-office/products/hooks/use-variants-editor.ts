import { useState } from 'react';
import type { Product } from '@shop/common';
import {
  bulkSet,
  draftFromProduct,
  fillSkus,
  generateVariants,
  optionsInput,
  type BulkPatch,
  type OptionDraft,
  type VariantDraft,
  type VariantsDraft,
} from '../lib/variant-draft';
import { checkVariants, noErrors, serverVariantsErrors, type VariantsErrors } from '../lib/variant-errors';

/** The option editor's and variant table's values, selection and problems, and what changes them. */
export function useVariantsEditor(product: Product) {
  const [draft, setDraft] = useState<VariantsDraft>(() => draftFromProduct(product));
  const [errors, setErrors] = useState<VariantsErrors>(noErrors);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  const setOptions = (options: OptionDraft[]) => {
    setDraft((current) => ({ ...current, options }));
    setErrors((current) => ({ ...current, form: undefined, options: {} }));
  };

  const setRow = (index: number, row: VariantDraft) => {
    setDraft((current) => ({
      ...current,
      variants: current.variants.map((old, i) => (i === index ? row : old)),
    }));
    setErrors((current) => {
      const rows = { ...current.rows };
      delete rows[index];
      return { ...current, form: undefined, rows };
    });
  };

  /** New rows start from the product's price and stock, so only what differs needs typing. */
  const generate = () => {
    const template = { price: String(product.price), stock: '0' };
    setDraft((current) => ({
      ...current,
      variants: generateVariants(optionsInput(current.options), current.variants, template),
    }));
    setSelected(new Set());
    setErrors(noErrors());
  };

  const suggestSkus = () =>
    setDraft((current) => ({
      ...current,
      variants: fillSkus(product._id, optionsInput(current.options), current.variants),
    }));

  const applyBulk = (patch: BulkPatch) =>
    setDraft((current) => ({ ...current, variants: bulkSet(current.variants, selected, patch) }));

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const toggleAll = () =>
    setSelected((current) =>
      current.size === draft.variants.length ? new Set() : new Set(draft.variants.map((row) => row.key)),
    );

  /** The body to send when the values pass the shared checks; otherwise the problems are shown. */
  const check = () => {
    const checked = checkVariants(draft);
    setErrors(checked.ok ? noErrors() : checked.errors);
    return checked.ok ? checked.body : undefined;
  };

  /** After a save: the rows as stored, so new ones carry their ids into the next save. */
  const reset = (saved: Product) => {
    setDraft(draftFromProduct(saved));
    setSelected(new Set());
    setErrors(noErrors());
  };

  const showServerError = (error: unknown) => setErrors(serverVariantsErrors(error, draft.variants));

  return {
    draft,
    errors,
    selected,
    setOptions,
    setRow,
    generate,
    suggestSkus,
    applyBulk,
    toggle,
    toggleAll,
    check,
    reset,
    showServerError,
  };
}

export type VariantsEditor = ReturnType<typeof useVariantsEditor>;
