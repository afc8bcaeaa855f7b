import { useState } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { selectCurrentUser } from '../../../entities/session/session-slice';
import { apiErrorMessage } from '../../../lib/api-error';
import { saveFile } from '../../../lib/saved-file';
import { useTranslation } from '../../../lib/use-translation';
import { btn } from '../../components/styles';
import { useExportCatalogueMutation, type SheetFormat } from '../api/catalogue-sheet-api';

/** The catalogue out as XLSX or CSV (any staff), and the way to the import (admin and ceo). */
export function CatalogueSheetButtons() {
  const { t } = useTranslation(['admin', 'common']);
  const user = useSelector(selectCurrentUser);
  const canImport = user?.role === 'admin' || user?.role === 'ceo';
  const [exportCatalogue] = useExportCatalogueMutation();
  const [busy, setBusy] = useState<SheetFormat | null>(null);

  async function download(format: SheetFormat) {
    setBusy(format);
    try {
      saveFile(await exportCatalogue(format).unwrap());
    } catch (error) {
      toast.error(apiErrorMessage(error, t, 'admin:products.sheets.exportFailed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={t('products.sheets.label')}>
      {(['xlsx', 'csv'] as const).map((format) => (
        <button
          key={format}
          type="button"
          className={btn.secondary}
          disabled={busy !== null}
          aria-busy={busy === format}
          onClick={() => void download(format)}
        >
          {t(`products.sheets.export.${format}`)}
        </button>
      ))}
      {canImport && (
        <Link to="/admin/products/import" className={btn.secondary}>
          {t('products.sheets.importLink')}
        </Link>
      )}
    </div>
  );
}
