/**
 * An instalment plan as the shop advertises it: the markup is a percentage of the price, the
 * monthly payment is rounded up to a whole so'm, and the total is what the buyer really pays
 * (monthly × months), so the advertised total is never below what is paid.
 */
export interface InstalmentTerms {
  months: number;
  /** Uzum Nasiya's markup for this term, in percent of the price. */
  markupPercent: number;
}

export interface InstalmentPlan {
  months: number;
  monthly: number;
  total: number;
  overpayment: number;
}

export function instalmentPlan(amount: number, terms: InstalmentTerms): InstalmentPlan {
  // Integer arithmetic: amount × (100 + markup) is exact in so'm × 100.
  const withMarkup = amount * (100 + terms.markupPercent);
  const monthly = Math.ceil(withMarkup / (100 * terms.months));
  const total = monthly * terms.months;
  return { months: terms.months, monthly, total, overpayment: total - amount };
}

/** Every plan for an amount, shortest term first. */
export const instalmentPlans = (amount: number, terms: readonly InstalmentTerms[]): InstalmentPlan[] =>
  [...terms].sort((a, b) => a.months - b.months).map((t) => instalmentPlan(amount, t));

/** The plan with the lowest monthly payment (the "from … so'm/month" on a card), if any. */
export function lowestMonthly(amount: number, terms: readonly InstalmentTerms[]): InstalmentPlan | undefined {
  const plans = instalmentPlans(amount, terms);
  return plans.reduce<InstalmentPlan | undefined>(
    (best, plan) => (!best || plan.monthly < best.monthly ? plan : best),
    undefined,
  );
}

/**
 * `INSTALMENT_PLANS`: `months:markup` pairs separated by commas (`6:26,12:44`). Throws a message
 * naming the bad pair.
 */
export function parseInstalmentTerms(text: string): InstalmentTerms[] {
  const terms = text
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const match = /^(\d{1,2}):(\d{1,3}(?:\.\d{1,2})?)$/.exec(pair);
      const months = Number(match?.[1]);
      const markupPercent = Number(match?.[2]);
      if (!match || months < 1 || months > 60 || markupPercent > 300) {
        throw new Error(`"${pair}" must be months:markup, e.g. 12:44 (1–60 months, markup 0–300 %)`);
      }
      return { months, markupPercent };
    });
  if (new Set(terms.map((t) => t.months)).size !== terms.length) throw new Error('a term is listed twice');
  return terms;
}
