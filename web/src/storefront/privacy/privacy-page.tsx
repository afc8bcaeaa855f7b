import { useTranslation } from '../../lib/use-translation';
import { Spinner } from '../../components/ui/spinner';
import { useGetPrivacyQuery } from '../../entities/privacy/privacy-api';
import { privacyBlocks, privacyTextIn, type PrivacyBlock } from '../../entities/privacy/privacy-text';

function Block({ block }: { block: PrivacyBlock }) {
  if (block.kind === 'paragraph') return <p className="mt-4 whitespace-pre-line">{block.text}</p>;
  return (
    <section className="mt-6">
      <h2 className="text-lg font-semibold">{block.heading}</h2>
      <ul className="mt-2 list-disc space-y-1 pl-6">
        {block.items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * /privacy: how the shop handles personal data, in the page's language. The text comes with the
 * server's HTML (the route's loader), so it reads with scripts off; the server builds it from the
 * shop's settings, and forms send its version with the shopper's consent.
 */
export default function PrivacyPage() {
  const { t, i18n } = useTranslation(['storefront', 'common']);
  const { data, isError, refetch } = useGetPrivacyQuery();
  if (!data) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {isError ? (
          <p role="alert">
            {t('privacy.loadFailed')}{' '}
            <button
              type="button"
              onClick={() => void refetch()}
              className="font-medium text-brand-700 underline"
            >
              {t('common:actions.retry')}
            </button>
          </p>
        ) : (
          <Spinner />
        )}
      </div>
    );
  }
  const { title, blocks } = privacyBlocks(privacyTextIn(data, i18n.language));
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 text-stone-800">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      {blocks.map((block, i) => (
        <Block key={i} block={block} />
      ))}
      <p className="mt-8 text-sm text-stone-500">{t('privacy.version', { version: data.version })}</p>
    </article>
  );
}
