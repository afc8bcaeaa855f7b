import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import PrivacyPage from './privacy-page';
import { jsonResponse, mockFetch, renderWithProviders } from '../../testing/render';
import { TEST_PRIVACY } from '../../testing/factories';

describe('PrivacyPage', () => {
  it("shows the shop's text in the page's language: its title, paragraphs, sections and version", async () => {
    mockFetch(() => jsonResponse({}), undefined, false, TEST_PRIVACY);
    await renderWithProviders(<PrivacyPage />, { route: '/privacy', language: 'uz' });
    expect(
      await screen.findByRole('heading', { level: 1, name: "Shaxsiy ma'lumotlar bilan ishlash" }),
    ).toBeInTheDocument();
    expect(screen.getByText("Ma'lumotlaringizni Mebel Shop MChJ qayta ishlaydi.")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nima uchun' })).toBeInTheDocument();
    expect(screen.getByRole('listitem')).toHaveTextContent('buyurtmani yetkazib berish');
    expect(screen.getByText(`Matn versiyasi ${TEST_PRIVACY.version}`)).toBeInTheDocument();
  });

  it('says so, with a retry, when the text cannot be read', async () => {
    mockFetch(() => jsonResponse({}));
    await renderWithProviders(<PrivacyPage />, { route: '/privacy' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the privacy text.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
