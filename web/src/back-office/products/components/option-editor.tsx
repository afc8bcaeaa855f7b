import { VARIANT_LIMITS } from '@shop/common';
import { useTranslation } from '../../../lib/use-translation';
import { btn } from '../../components/styles';
import { emptyOption, type OptionDraft } from '../lib/variant-draft';
import type { VariantsErrors } from '../lib/variant-errors';
import { OptionCard } from './option-card';

interface Props {
  options: OptionDraft[];
  errors: VariantsErrors['options'];
  onChange: (options: OptionDraft[]) => void;
}

/** Up to three options, in the order the shop shows their pickers. */
export function OptionEditor({ options, errors, onChange }: Props) {
  const { t } = useTranslation('admin');
  const move = (from: number, to: number) => {
    const next = [...options];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  return (
    <section className="space-y-3" aria-label={t('variants.options')}>
      <h4 className="text-sm font-semibold text-stone-800">{t('variants.options')}</h4>
      {options.map((option, index) => (
        <OptionCard
          key={option.key}
          option={option}
          number={index + 1}
          errors={errors[index]}
          onChange={(changed) => onChange(options.map((old, i) => (i === index ? changed : old)))}
          onRemove={() => onChange(options.filter((_, i) => i !== index))}
          onMoveUp={index > 0 ? () => move(index, index - 1) : undefined}
          onMoveDown={index < options.length - 1 ? () => move(index, index + 1) : undefined}
        />
      ))}
      {options.length < VARIANT_LIMITS.maxOptions ? (
        <button type="button" className={btn.secondary} onClick={() => onChange([...options, emptyOption()])}>
          {t('variants.addOption')}
        </button>
      ) : (
        <p className="text-sm text-stone-600">
          {t('variants.maxOptions', { max: VARIANT_LIMITS.maxOptions })}
        </p>
      )}
    </section>
  );
}
