/** An option value's label as a chip shows it: colours are stored as the shop spells them ("qora"). */
export function OptionLabel({ text }: { text: string }) {
  return <span className="inline-block first-letter:uppercase">{text}</span>;
}
