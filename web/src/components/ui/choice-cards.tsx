/** One choice: what it is called and a line on what it means. */
export interface Choice<Value extends string> {
  value: Value;
  label: string;
  hint: string;
}

/**
 * A choice of one among a few, each a card with a radio button, its name and a line of hint
 * (how to deliver, how to pay); the chosen card is marked.
 */
export function ChoiceCards<Value extends string>({
  legend,
  name,
  choices,
  value,
  onChange,
}: {
  legend: string;
  /** The radio group's form name. */
  name: string;
  choices: readonly Choice<Value>[];
  value: Value;
  onChange: (value: Value) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-stone-800">{legend}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className={`flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2 ${
            value === choice.value ? 'border-brand-600 bg-brand-50' : 'border-stone-300'
          }`}
        >
          <input
            type="radio"
            name={name}
            value={choice.value}
            checked={value === choice.value}
            onChange={() => onChange(choice.value)}
            className="mt-1"
          />
          <span>
            <span className="block font-medium">{choice.label}</span>
            <span className="block text-sm text-stone-600">{choice.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
