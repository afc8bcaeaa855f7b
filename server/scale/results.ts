/** The rows of the table `npm run test:scale` prints at the end: one per scenario that passed. */
const rows: [string, string][] = [];

export const results = {
  add(scenario: string, figure: string) {
    rows.push([scenario, figure]);
  },
  print() {
    const width = Math.max(...rows.map(([scenario]) => scenario.length), 8);
    const lines = rows.map(([scenario, figure]) => `| ${scenario.padEnd(width)} | ${figure} |`);
    console.log(
      ['', `| ${'scenario'.padEnd(width)} | result |`, `|${'-'.repeat(width + 2)}|--------|`, ...lines].join(
        '\n',
      ),
    );
  },
};
