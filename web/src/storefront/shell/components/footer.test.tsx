import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { SiteInfo } from '@shop/common';
import { Footer } from './footer';
import { SiteContext } from '../../../lib/site';
import { renderWithProviders } from '../../../testing/render';

const renderFooter = (site: SiteInfo) =>
  renderWithProviders(
    <SiteContext.Provider value={site}>
      <Footer />
    </SiteContext.Provider>,
  );

describe('Footer', () => {
  it('invents nothing: no contacts, no social links when none are configured, and the configured name', async () => {
    await renderFooter({ publicUrl: 'http://shop.test', shopName: 'Stol va Stul' });
    expect(screen.getByText('Stol va Stul')).toBeInTheDocument();
    expect(screen.getByText(/© \d{4} Stol va Stul/)).toBeInTheDocument();
    expect(screen.queryByText('Mebel Shop')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Personal data' })).toHaveAttribute('href', '/privacy');
    expect(screen.queryByRole('heading', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Social networks' })).not.toBeInTheDocument();
    expect(document.querySelector('a[href="#"], a[href^="tel:"], a[href^="mailto:"]')).toBeNull();
  });

  it('shows each configured contact and social page, and only those', async () => {
    await renderFooter({
      publicUrl: 'http://shop.test',
      shopName: 'Stol va Stul',
      shopPhone: '+998 71 123 45 67',
      contacts: {
        email: 'info@stol.uz',
        address: 'Toshkent, Amir Temur 1',
        social: { telegram: 'https://t.me/stol_uz' },
      },
    });
    expect(screen.getByRole('heading', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByText('Toshkent, Amir Temur 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+998 71 123 45 67' })).toHaveAttribute(
      'href',
      'tel:+998711234567',
    );
    expect(screen.getByRole('link', { name: 'info@stol.uz' })).toHaveAttribute('href', 'mailto:info@stol.uz');
    expect(screen.getByRole('link', { name: 'Telegram' })).toHaveAttribute('href', 'https://t.me/stol_uz');
    expect(screen.queryByRole('link', { name: 'Instagram' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
  });
});
