import { describe, expect, it } from 'vitest';
import { alertMessage } from './alert-message.js';

const payload = {
  orderNumber: '#ABC123',
  customerName: 'Aziz',
  phoneNumber: '+998901234567',
  total: 2_440_000,
  paymentMethod: 'cash',
  lines: [{ name: 'Shkaf', color: 'oq', quantity: 2, lineTotal: 2_000_000 }],
};

describe('the staff alert text', () => {
  it('tells the delivery: method, region and address, landmark, date and slot, floor, assembly', () => {
    const text = alertMessage(
      'orderPlaced',
      'o1',
      {
        ...payload,
        delivery: {
          method: 'courier',
          region: 'tashkent-city',
          address: { street: 'Amir Temur', house: '12', apartment: '5', landmark: 'Ecopark <oldida>' },
          floor: 4,
          lift: false,
          date: '2026-11-27',
          slot: '09-13',
          assembly: true,
        },
      },
      'http://shop.test',
    );
    expect(text).toContain('🚚 Yetkazish: Kuryer');
    expect(text).toContain('📍 Toshkent shahri, Amir Temur, 12, kv. 5');
    expect(text).toContain('🧭 Moʻljal: Ecopark &lt;oldida&gt;');
    expect(text).toContain('📅 2026-11-27, 09-13');
    expect(text).toContain('🏢 4-qavat, lift yoʻq');
    expect(text).toContain('🔧 Yigʻish kerak');
  });

  it('says a delivery is to be arranged by phone, and reads alerts written before delivery existed', () => {
    const arranged = alertMessage(
      'orderPlaced',
      'o1',
      { ...payload, delivery: { method: 'arrange', assembly: false } },
      '',
    );
    expect(arranged).toContain('Telefonda kelishiladi');
    expect(alertMessage('orderPlaced', 'o1', payload, '')).not.toContain('Yetkazish');
  });

  it('fits Telegram’s 4096 characters however long the lines, ending the list with “… and N more lines”', () => {
    const lines = Array.from({ length: 80 }, (_, i) => ({
      name: `Shkaf ${i} ${'<uzun nom> '.repeat(20)}`,
      color: 'oq',
      quantity: 1,
      lineTotal: 1_000_000,
    }));
    const text = alertMessage('orderPlaced', 'o1', { ...payload, lines }, 'http://shop.test');
    expect(text.length).toBeLessThanOrEqual(4096);
    const shown = text.split('\n').filter((line) => line.startsWith('• ')).length;
    expect(shown).toBeGreaterThan(0);
    expect(text).toContain(`… and ${80 - shown} more lines`);
    expect(text).toContain('Buyurtmani ochish</a>');
  });

  it('names a variant by its label and SKU instead of the colour', () => {
    const lines = [
      {
        name: 'Yozuv stoli',
        color: 'eman',
        quantity: 1,
        lineTotal: 1_400_000,
        variant: '140×70 sm · Eman',
        sku: 'DESK-140-OAK',
      },
      ...payload.lines,
    ];
    const text = alertMessage('orderPlaced', 'o1', { ...payload, lines }, '');
    expect(text).toContain('• Yozuv stoli (140×70 sm · Eman) [DESK-140-OAK] × 1 — 1 400 000 soʻm');
    expect(text).toContain('• Shkaf (oq) × 2 — 2 000 000 soʻm');
  });
});
