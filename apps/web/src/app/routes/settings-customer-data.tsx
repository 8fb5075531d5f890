import type { ScreenTexts } from "@/components/layout/page";
import { CustomerDataScreen } from "@/features/customer-data/components/customer-data-screen";

/** 'Dados de cliente' (LGPD art. 18): a customer's data by CPF, its download and its anonymisation. */
export default function SettingsCustomerDataRoute(texts: ScreenTexts) {
  return <CustomerDataScreen {...texts} />;
}
