import { describe, expect, it } from 'vitest';
import { privacyBlocks, privacyTextIn } from './privacy-text';
import { TEST_PRIVACY } from '../../testing/factories';

describe('privacyBlocks', () => {
  it('reads the title, the paragraphs and each "Heading:" with its "- " lines as a list', () => {
    const text = [
      'Handling of personal data',
      'Your data is processed by Mebel Shop MChJ, TIN 301234567. Contacts: Toshkent, Amir Temur 1.',
      'What data:\n- your name and phone number\n- the delivery address',
      'Who else receives data:\n- couriers: name, phone and address, to deliver',
    ].join('\n\n');
    expect(privacyBlocks(text)).toEqual({
      title: 'Handling of personal data',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Your data is processed by Mebel Shop MChJ, TIN 301234567. Contacts: Toshkent, Amir Temur 1.',
        },
        { kind: 'list', heading: 'What data', items: ['your name and phone number', 'the delivery address'] },
        {
          kind: 'list',
          heading: 'Who else receives data',
          items: ['couriers: name, phone and address, to deliver'],
        },
      ],
    });
  });

  it('keeps a part whose lines are not all list items as one paragraph', () => {
    expect(privacyBlocks('Title\n\nFirst line\nsecond line').blocks).toEqual([
      { kind: 'paragraph', text: 'First line\nsecond line' },
    ]);
  });
});

describe('privacyTextIn', () => {
  it("gives the reader's language, and Uzbek for one the shop does not speak", () => {
    expect(privacyTextIn(TEST_PRIVACY, 'ru')).toBe(TEST_PRIVACY.text.ru);
    expect(privacyTextIn(TEST_PRIVACY, 'de')).toBe(TEST_PRIVACY.text.uz);
  });
});
