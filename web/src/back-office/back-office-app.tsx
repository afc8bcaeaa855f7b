import './lib/locales';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { BackOfficeLayout } from './shell/back-office-layout';
import { DashboardPage } from './dashboard/components/dashboard-page';
import { CatalogueImportPage } from './products/components/catalogue-import-page';
import { ProductsPage } from './products/components/products-page';
import { OrdersPage } from './orders/components/orders-page';
import { QuotesPage } from './quotes/components/quotes-page';
import { UsersPage } from './users/components/users-page';
import { ReviewsPage } from './reviews/components/reviews-page';
import { AuditPage } from './audit/components/audit-page';
import { SmsPage } from './sms/components/sms-page';
import { DeliveriesPage } from './delivery/components/deliveries-page';
import { DeliverySettingsPage } from './delivery/components/delivery-settings-page';
import { SecurityPage } from './security/components/security-page';
import { useGetSecondFactorQuery } from './security/api/second-factor-api';

const SECURITY_PATH = '/admin/security';

/** With `STAFF_2FA=required`, an admin or ceo without a second factor is sent to set it up first. */
function SecondFactorGate() {
  const { data } = useGetSecondFactorQuery();
  const { pathname } = useLocation();
  if (data?.required && !data.enabled && pathname !== SECURITY_PATH)
    return <Navigate to={SECURITY_PATH} replace />;
  return null;
}
import { PromoCodesPage } from './promotions/components/promo-codes-page';

/** The back office under /admin/* (lazy chunk; the router guards it with the staff roles). */
export default function BackOfficeApp() {
  return (
    <BackOfficeLayout>
      <SecondFactorGate />
      <Routes>
        <Route index element={<DashboardPage />} />
        <Route path="products" element={<ProductsPage />} />
        <Route path="products/import" element={<CatalogueImportPage />} />
        <Route path="orders" element={<OrdersPage />} />
        <Route path="quotes" element={<QuotesPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="reviews" element={<ReviewsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="sms" element={<SmsPage />} />
        <Route path="deliveries" element={<DeliveriesPage />} />
        <Route path="delivery-settings" element={<DeliverySettingsPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="promo-codes" element={<PromoCodesPage />} />
        <Route path="*" element={<Navigate to="/admin" replace />} />
      </Routes>
    </BackOfficeLayout>
  );
}
