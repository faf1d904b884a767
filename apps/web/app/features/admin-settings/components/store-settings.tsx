import { QueryState } from '../../admin/index.ts';
import { useSettings } from '../api/get-settings.ts';
import { BankSection } from './bank-section.tsx';
import { LogoSection } from './logo-section.tsx';
import { MaintenanceSection } from './maintenance-section.tsx';
import { MenusSection } from './menus-section.tsx';
import { PayLaterSection } from './pay-later-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { TaxSection } from './tax-section.tsx';
import { TimeZoneSection } from './time-zone-section.tsx';

/** Admin › Settings: the store's own settings, one form per section (admins only). */
export function StoreSettings() {
  const query = useSettings();
  return (
    <QueryState query={query}>
      {(settings) => {
        // Keyed by the saved values: after a save every section starts from what the server kept. The logo
        // is not part of them and is not remounted, so an upload finishing after another save still says so.
        const saved = JSON.stringify(settings);
        return (
          <div className="space-y-6">
            <ProfileSection key={`profile-${saved}`} settings={settings} />
            <LogoSection />
            <div key={`others-${saved}`} className="space-y-6">
              <MenusSection settings={settings} />
              <TaxSection settings={settings} />
              <PayLaterSection settings={settings} />
              <BankSection settings={settings} />
              <TimeZoneSection settings={settings} />
              <MaintenanceSection settings={settings} />
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}
